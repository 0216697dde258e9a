/**
 * Prometheus metrics (prom-client's default registry, served by
 * server/metrics.ts). A metric is made once per process and found by its name
 * after that: the Node server and the React Router build each load the
 * modules that declare them, and the development server loads them again on
 * every change.
 */
import { Counter, Gauge, Histogram, register, type CounterConfiguration, type GaugeConfiguration, type HistogramConfiguration } from "prom-client";

export function counter<T extends string>(config: CounterConfiguration<T>): Counter<T> {
  return (register.getSingleMetric(config.name) as Counter<T> | undefined) ?? new Counter(config);
}

export function gauge<T extends string>(config: GaugeConfiguration<T>): Gauge<T> {
  return (register.getSingleMetric(config.name) as Gauge<T> | undefined) ?? new Gauge(config);
}

export function histogram<T extends string>(config: HistogramConfiguration<T>): Histogram<T> {
  return (register.getSingleMetric(config.name) as Histogram<T> | undefined) ?? new Histogram(config);
}

/** Seconds from 5 ms to 30 s: a page, an upstream call, or a catalogue upload's answer. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export { register as metricsRegistry };
