/**
 * The OpenTelemetry SDK, started only when an OTLP endpoint is configured
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT): the
 * spans of app/services/observability/tracing.server.ts go out in batches over OTLP/HTTP.
 * Without an endpoint nothing of the SDK is even loaded.
 */
import { trace } from "@opentelemetry/api";
import { logger, tracesExported, type PortalEnv } from "#app/node-server.ts";

/** Starts exporting when configured; answers what flushes and stops it at shutdown. */
export async function startTracing(env: PortalEnv): Promise<() => Promise<void>> {
  if (!tracesExported) return async () => {};
  const [sdk, { OTLPTraceExporter }, { defaultResource, resourceFromAttributes }] = await Promise.all([
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
    import("@opentelemetry/resources"),
  ]);
  const provider = new sdk.TracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ "service.name": env.OTEL_SERVICE_NAME })),
    // A request a trusted proxy passes on in a trace follows its caller's decision (request-observation.ts); a new trace is recorded at the configured rate.
    sampler: new sdk.ParentBasedSampler({ root: new sdk.TraceIdRatioBasedSampler(env.OTEL_TRACES_SAMPLER_ARG) }),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  trace.setGlobalTracerProvider(provider);
  logger.info({ endpoint: env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT }, "traces exported by OTLP");
  return async () => {
    await provider.shutdown().catch((error: unknown) => logger.warn({ err: error }, "traces not flushed at shutdown"));
  };
}
