import Stripe from 'stripe';
import { sql, WorkLoop, type Database, type Logger } from '@brigade/kit';

/** How long one webhook POST may take before it counts as failed. */
const POST_TIMEOUT_MS = 10_000;

/**
 * Delivers the emulator's events to the webhook endpoint the way Stripe does: a POST of the event JSON with
 * a `Stripe-Signature: t=...,v1=...` header (HMAC-SHA256 with the endpoint secret, re-signed on every
 * attempt), retried with backoff until a 2xx, then given up after the last delay. Several instances share the
 * work through a lease on each row.
 */
export class SandboxWebhookDeliverer {
  private readonly loop: WorkLoop;
  private endpoint: string | null = null;

  constructor(
    private readonly options: {
      database: Database;
      secret: string;
      retryDelaysMs: number[];
      logger: Logger;
      pollMs?: number;
    },
  ) {
    this.loop = new WorkLoop({
      name: 'stripe sandbox webhooks',
      pollMs: options.pollMs ?? 250,
      logger: options.logger,
      pass: () => this.deliverDue(),
    });
  }

  /** Start delivering, to `endpoint` when given (else to the one set by `deliverTo`; none: events wait). */
  start(endpoint?: string) {
    if (endpoint) this.endpoint = endpoint;
    this.loop.start();
  }

  /** Where events go from now on (the embedded runner learns payments' address after the sandbox listens). */
  deliverTo(endpoint: string) {
    this.endpoint = endpoint;
    this.loop.kick();
  }

  kick() {
    this.loop.kick();
  }

  stop() {
    return this.loop.stop();
  }

  /** One pass over the due events. Returns how many were attempted. */
  async deliverDue(): Promise<number> {
    const { database, retryDelaysMs } = this.options;
    if (!this.endpoint) return 0;
    const s = sql.raw(database.schema);
    const due = await database.rows<{ seq: string; id: string; payload: string; attempts: number }>(
      // Leased a little longer than one POST may take: if the process dies, or the database drops the
      // attempt's outcome (an outage right after the POST), the event is tried again soon, not much later.
      // A repeat is harmless: webhook handling is idempotent per event, as with Stripe's own retries.
      sql`update ${s}.events set next_attempt_at = now() + (${POST_TIMEOUT_MS + 5_000} * interval '1 millisecond')
          where seq in (select seq from ${s}.events
                        where delivered_at is null and failed_at is null and next_attempt_at <= now()
                        order by seq limit 20 for update skip locked)
          returning seq, id, payload, attempts`,
      undefined,
      { prepared: true }, // asked four times a second when idle: planned once per connection
    );
    due.sort((a, b) => Number(a.seq) - Number(b.seq));
    for (const event of due) {
      const error = await this.post(event.payload);
      if (!error) {
        await database.db.execute(
          sql`update ${s}.events set delivered_at = now(), attempts = attempts + 1, last_error = null where seq = ${event.seq}`,
        );
        continue;
      }
      const attempt = event.attempts + 1;
      if (attempt > retryDelaysMs.length) {
        this.options.logger.warn({ event: event.id, error }, 'sandbox webhook given up');
        await database.db.execute(
          sql`update ${s}.events set failed_at = now(), attempts = ${attempt}, last_error = ${error} where seq = ${event.seq}`,
        );
      } else {
        const delay = retryDelaysMs[attempt - 1];
        await database.db.execute(
          sql`update ${s}.events set attempts = ${attempt}, last_error = ${error},
              next_attempt_at = now() + (${delay} * interval '1 millisecond') where seq = ${event.seq}`,
        );
      }
    }
    return due.length;
  }

  private async post(payload: string): Promise<string | null> {
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: this.options.secret });
    try {
      const res = await fetch(this.endpoint!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(POST_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.ok ? null : `HTTP ${res.status}`;
    } catch (err) {
      return (err as Error).message;
    }
  }
}
