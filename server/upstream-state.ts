/**
 * The marketplace's services as this instance last found them, for /readyz:
 * read from the gauges each upstream call sets (the app's upstream telemetry),
 * since the app's build and this server hold their own copies of the app's
 * modules and share only the metrics registry.
 */
import { metricsRegistry, UPSTREAM_REACHABLE_METRIC, UPSTREAM_STATE_SINCE_METRIC } from "#app/node-server.ts";

export type UpstreamState = { reachable: boolean; since: string };

async function byService(name: string): Promise<Map<string, number>> {
  const metric = metricsRegistry.getSingleMetric(name);
  const values = new Map<string, number>();
  if (!metric) return values;
  for (const { labels, value } of (await metric.get()).values) values.set(String(labels.service), value);
  return values;
}

/** Each service called so far: whether it answered its last call, and since when (ISO time). */
export async function upstreamStates(): Promise<Record<string, UpstreamState>> {
  const [reachable, since] = await Promise.all([byService(UPSTREAM_REACHABLE_METRIC), byService(UPSTREAM_STATE_SINCE_METRIC)]);
  const states: Record<string, UpstreamState> = {};
  for (const [service, value] of [...reachable].sort(([a], [b]) => a.localeCompare(b))) {
    states[service] = { reachable: value === 1, since: new Date((since.get(service) ?? 0) * 1000).toISOString() };
  }
  return states;
}
