import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eventually, requireRealServers } from '@brigade/kit/testing';
import { startProcessStack, type ProcessStack } from './support/processes';
import { payJob, postJob, signUp } from './support/stack';

// Issue 21, "Traces, proven": one trace spans gateway -> service -> RabbitMQ -> the consuming service. The
// product as deployed (every process on its own, real PostgreSQL, RabbitMQ and Redis) exports its traces over
// OTLP/HTTP with the JSON protocol (what the compose file's Jaeger receives, same settings) to a receiver in
// this test. A restaurant posts a job and pays for it; the spans of each request, of the outbox relay's
// publish and of the consuming service's delivery and handler share one trace id, each linked to its parent.

const real = requireRealServers('DATABASE_URL', 'AMQP_URL', 'REDIS_URL');

interface Span {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP span kind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer */
  kind: number;
  attributes: Record<string, unknown>;
}

const KIND: Record<number, string> = {
  1: 'internal',
  2: 'server',
  3: 'client',
  4: 'producer',
  5: 'consumer',
};

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
const valueOf = (v: AnyValue) => v.stringValue ?? v.intValue ?? v.boolValue ?? v.doubleValue;
const attributesOf = (list: Array<{ key: string; value: AnyValue }> = []) =>
  Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/** An OTLP/HTTP receiver (JSON protocol): POST /v1/traces, ExportTraceServiceRequest. */
async function startReceiver() {
  const spans: Span[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        for (const rs of body.resourceSpans ?? []) {
          const service = String(attributesOf(rs.resource?.attributes)['service.name']);
          for (const ss of rs.scopeSpans ?? [])
            for (const s of ss.spans ?? [])
              spans.push({
                service,
                traceId: s.traceId,
                spanId: s.spanId,
                parentSpanId: s.parentSpanId ?? '',
                name: s.name,
                kind: s.kind,
                attributes: attributesOf(s.attributes),
              });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { spans, port: (server.address() as AddressInfo).port, close: () => server.close() };
}

/** A span and its ancestors up to the trace's root, as `service kind name` (the root last). */
function chainOf(spans: Span[], span: Span): string[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const chain: string[] = [];
  for (let s: Span | undefined = span; s; s = s.parentSpanId ? byId.get(s.parentSpanId) : undefined) {
    expect(s.traceId).toBe(span.traceId);
    chain.push(`${s.service} ${KIND[s.kind]} ${s.name}`);
    if (s.parentSpanId && !byId.has(s.parentSpanId)) chain.push(`(missing parent ${s.parentSpanId})`);
  }
  return chain;
}

(real ? describe : describe.skip)(
  'one trace from the gateway through RabbitMQ to the consuming service',
  () => {
    let stack: ProcessStack;
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      receiver = await startReceiver();
      stack = await startProcessStack({
        prefix: 'trace',
        extraEnv: {
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${receiver.port}`,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_BSP_SCHEDULE_DELAY: '100',
          OTEL_METRICS_EXPORTER: 'none',
          OTEL_LOGS_EXPORTER: 'none',
        },
      });
    }, 180_000);
    afterAll(async () => {
      await stack?.destroy();
      receiver?.close();
    });

    test("a job's post and payment: the gateway's span, jobs', the publish, and the consumers' delivery and handling share a trace", async () => {
      const restaurant = await signUp(stack, 'restaurant');
      const job = await postJob(stack, restaurant);
      await payJob(stack, restaurant, job);

      // The handler span of `type` in `service` for this job, and everything above it up to the trace's root.
      const handled = (service: string, type: string) =>
        eventually(
          () => {
            const span = receiver.spans.find(
              (s) =>
                s.service === service &&
                s.name === `process ${type}` &&
                spanOfJob(s.attributes['messaging.message.id']),
            );
            if (!span) throw new Error(`no span of ${service} handling ${type} yet`);
            const chain = chainOf(receiver.spans, span);
            if (chain.some((c) => c.startsWith('(missing')))
              throw new Error(`incomplete: ${chain.join(' <- ')}`);
            return chain;
          },
          20_000,
          200,
        );
      // This job's events (their ids are the spans' message ids).
      const eventIds = new Set(
        (
          await stack.query<{ id: string }>(
            'jobs',
            `select id from jobs.outbox where payload->>'job_id' = $1`,
            [job.id],
          )
        ).map((r) => r.id),
      );
      for (const r of await stack.query<{ id: string }>(
        'payments',
        `select id from payments.outbox where payload->>'job_id' = $1`,
        [job.id],
      ))
        eventIds.add(r.id);
      const spanOfJob = (id: unknown) => eventIds.has(String(id));

      // The post: gateway -> jobs (writes jobs.job.posted.v1 with its state change) -> the relay's publish, in
      // the request's trace -> payments' delivery from its queue -> payments' handler.
      const posted = await handled('payments', 'jobs.job.posted.v1');
      expect(posted.slice(0, 3)).toEqual([
        'payments consumer process jobs.job.posted.v1',
        `payments consumer receive ${stack.name}.payments.events`,
        `jobs producer publish ${stack.name}.events`,
      ]);
      expect(posted).toContainEqual(expect.stringMatching(/^jobs server POST/));
      expect(posted.indexOf(posted.find((c) => c.startsWith('jobs server'))!)).toBeLessThan(
        posted.indexOf(posted.find((c) => c.startsWith('gateway client'))!),
      );
      expect(posted.at(-1)).toMatch(/^gateway server POST/);

      // The payment: the card confirmed through the gateway, Stripe's webhook to payments, payments' event
      // payments.escrow.held.v1 published in that trace, and jobs' handler opening the job.
      const paid = await handled('jobs', 'payments.escrow.held.v1');
      expect(paid.slice(0, 3)).toEqual([
        'jobs consumer process payments.escrow.held.v1',
        `jobs consumer receive ${stack.name}.jobs.events`,
        `payments producer publish ${stack.name}.events`,
      ]);
      expect(paid).toContainEqual(expect.stringMatching(/^payments server POST/));
      console.warn(`post:\n  ${posted.join('\n  <- ')}\npayment:\n  ${paid.join('\n  <- ')}`);
    });

    test("a polled GET through the gateway's lean path (ADR 17): the gateway's server and client spans and the service's share a trace", async () => {
      const restaurant = await signUp(stack, 'restaurant');
      const polled = await stack.call('GET', '/api/applications', { token: restaurant.token });
      expect(polled.status).toBe(200);
      const chain = await eventually(
        () => {
          const span = receiver.spans.find(
            (s) =>
              s.service === 'jobs' &&
              KIND[s.kind] === 'server' &&
              Object.values(s.attributes).some((v) => String(v).includes('/applications')) &&
              chainOf(receiver.spans, s).some((c) => c.startsWith('gateway client')),
          );
          if (!span) throw new Error('no span of jobs answering the poll under the gateway yet');
          return chainOf(receiver.spans, span);
        },
        20_000,
        200,
      );
      // jobs' server span, under the gateway's client span, under the gateway's server span: no Express
      // middleware span in between (the Express path has one), so the lean path carried the trace.
      expect(chain).toHaveLength(3);
      expect(chain[0]).toMatch(/^jobs server GET/);
      expect(chain[1]).toMatch(/^gateway client GET/);
      expect(chain[2]).toMatch(/^gateway server GET/);
    });
  },
);
