import { sql, type Database, type Executor } from '@brigade/kit';
import { ApiVersion } from './api-version';
import { nowSeconds, stripeId } from './ids';

/** A Stripe object as JSON, its fields read by the names in Stripe's API reference. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe's objects are loose JSON; typing them all would copy Stripe's SDK
export type StripeObject = Record<string, any> & { id: string; object: string };

/** The sandbox's state: Stripe objects as JSON in its own schema (stripe_sandbox), and the events to deliver. */
export class SandboxStore {
  constructor(private readonly database: Database) {}

  private get s() {
    return sql.raw(this.database.schema);
  }

  async get<T extends StripeObject = StripeObject>(
    tx: Executor,
    id: string,
    object?: string,
  ): Promise<T | null> {
    const rows = await this.database.rows<{ data: unknown; object: string }>(
      sql`select data, object from ${this.s}.objects where id = ${id} for update`,
      tx,
    );
    if (!rows[0] || (object && rows[0].object !== object)) return null;
    return parseJson(rows[0].data) as T;
  }

  async put(tx: Executor, value: StripeObject): Promise<StripeObject> {
    await tx.execute(
      sql`insert into ${this.s}.objects (id, object, data) values (${value.id}, ${value.object}, ${JSON.stringify(value)}::jsonb)
          on conflict (id) do update set data = excluded.data`,
    );
    return value;
  }

  /** Objects of one kind whose top-level field equals a value (`transfer_group`, `payment_intent`...). */
  async list(
    tx: Executor,
    object: string,
    filter: Record<string, string | undefined> = {},
  ): Promise<StripeObject[]> {
    const conditions = Object.entries(filter)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => sql` and data ->> ${k} = ${v}`);
    const rows = await this.database.rows<{ data: unknown }>(
      sql`select data from ${this.s}.objects where object = ${object}${sql.join(conditions, sql``)} order by created_at desc, id`,
      tx,
    );
    return rows.map((r) => parseJson(r.data));
  }

  /**
   * A setting made once per installation and kept with the sandbox's data (the first instance to start makes
   * it; every other instance on the same database reads the same value).
   */
  async setting(key: string, make: () => string): Promise<string> {
    await this.database.db.execute(
      sql`insert into ${this.s}.settings (key, value) values (${key}, ${make()}) on conflict (key) do nothing`,
    );
    const [row] = await this.database.rows<{ value: string }>(
      sql`select value from ${this.s}.settings where key = ${key}`,
    );
    return row.value;
  }

  /** Record an event for webhook delivery (same transaction as the change it reports). */
  async emit(
    tx: Executor,
    type: string,
    object: StripeObject,
    request: { id: string; idempotency_key: string | null },
    /** issue 38: a connected account's event (a payout) names the account, as Stripe's Connect events do */
    account?: string,
  ) {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      ...(account ? { account } : {}),
      api_version: ApiVersion,
      created: nowSeconds(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request,
      type,
    };
    // Stripe sends pretty-printed JSON; the signature covers these exact bytes.
    await tx.execute(
      sql`insert into ${this.s}.events (id, type, payload) values (${event.id}, ${type}, ${JSON.stringify(event, null, 2)})`,
    );
    return event;
  }
}

function parseJson(value: unknown): StripeObject {
  return (typeof value === 'string' ? JSON.parse(value) : value) as StripeObject;
}
