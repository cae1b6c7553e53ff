import { createLogger } from './logger';

let started = false;

/**
 * OpenTelemetry for one process: when OTEL_EXPORTER_OTLP_ENDPOINT is set, traces of HTTP (in and out),
 * express, PostgreSQL, RabbitMQ and Redis are exported over OTLP; events carry the trace across the bus
 * (traceparent in the envelope). Without the endpoint nothing is loaded and the API stays a no-op.
 * Call before importing the app so the instrumentations can hook the modules.
 */
export async function startTelemetry(serviceName: string): Promise<() => Promise<void>> {
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || started) return async () => undefined;
  started = true;
  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const { getNodeAutoInstrumentations } = await import('@opentelemetry/auto-instrumentations-node');
  process.env.OTEL_SERVICE_NAME ??= serviceName;
  const sdk = new NodeSDK({
    serviceName,
    instrumentations: [
      getNodeAutoInstrumentations({
        '@opentelemetry/instrumentation-fs': { enabled: false },
        '@opentelemetry/instrumentation-dns': { enabled: false },
        '@opentelemetry/instrumentation-net': { enabled: false },
        '@opentelemetry/instrumentation-ioredis': { requireParentSpan: false },
        // The event bus makes its own publish and delivery spans (kit/src/bus/rabbit-tracing.ts), in the
        // context stored with each outbox row rather than the relay's.
        '@opentelemetry/instrumentation-amqplib': { enabled: false },
      }),
    ],
  });
  sdk.start();
  createLogger(serviceName).info({ endpoint }, 'telemetry started');
  return () => sdk.shutdown();
}
