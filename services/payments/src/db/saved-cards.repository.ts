import { sql, type Database, type Executor } from '@brigade/kit';
import { findJob } from './jobs.repository';

// A restaurant's Stripe Customer, the SetupIntents made for it, and its saved card (migration 0008).

export interface SavedCardRow {
  restaurant_id: string;
  customer_id: string;
  payment_method_id: string;
  setup_intent_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

const s = (database: Database) => sql.raw(database.schema);

export async function customerOf(database: Database, restaurantId: string): Promise<string | null> {
  const [row] = await database.rows<{ customer_id: string }>(
    sql`select customer_id from ${s(database)}.customers where restaurant_id = ${restaurantId}`,
  );
  return row?.customer_id ?? null;
}

/** Keep the restaurant's Customer (the first one recorded stays: the same idempotency key gives the same). */
export async function saveCustomer(database: Database, restaurantId: string, customerId: string) {
  await database.db.execute(
    sql`insert into ${s(database)}.customers (restaurant_id, customer_id) values (${restaurantId}, ${customerId})
        on conflict (restaurant_id) do nothing`,
  );
  return (await customerOf(database, restaurantId))!;
}

export async function saveSetupIntent(
  database: Database,
  row: { setup_intent_id: string; restaurant_id: string; customer_id: string },
) {
  await database.db.execute(
    sql`insert into ${s(database)}.setup_intents (setup_intent_id, restaurant_id, customer_id)
        values (${row.setup_intent_id}, ${row.restaurant_id}, ${row.customer_id}) on conflict do nothing`,
  );
}

/** The SetupIntent payments made, with whose it is; null for one payments never made. */
export async function findSetupIntent(database: Database, setupIntentId: string, tx?: Executor) {
  const [row] = await database.rows<{ setup_intent_id: string; restaurant_id: string; customer_id: string }>(
    sql`select setup_intent_id, restaurant_id, customer_id from ${s(database)}.setup_intents where setup_intent_id = ${setupIntentId}`,
    tx,
  );
  return row ?? null;
}

export async function savedCardOf(
  database: Database,
  restaurantId: string,
  tx?: Executor,
): Promise<SavedCardRow | null> {
  const [row] = await database.rows<SavedCardRow>(
    sql`select restaurant_id, customer_id, payment_method_id, setup_intent_id, brand, last4, exp_month, exp_year
        from ${s(database)}.saved_cards where restaurant_id = ${restaurantId}`,
    tx,
  );
  return row ?? null;
}

/** Record the card of a succeeded SetupIntent, unless a newer setup's card is already recorded. */
export async function upsertSavedCard(
  database: Database,
  tx: Executor,
  card: SavedCardRow & { setup_created: number },
) {
  await tx.execute(
    sql`insert into ${s(database)}.saved_cards
          (restaurant_id, customer_id, payment_method_id, setup_intent_id, setup_created, brand, last4, exp_month, exp_year)
        values (${card.restaurant_id}, ${card.customer_id}, ${card.payment_method_id}, ${card.setup_intent_id},
                ${card.setup_created}, ${card.brand}, ${card.last4}, ${card.exp_month}, ${card.exp_year})
        on conflict (restaurant_id) do update set
          customer_id = excluded.customer_id, payment_method_id = excluded.payment_method_id,
          setup_intent_id = excluded.setup_intent_id, setup_created = excluded.setup_created,
          brand = excluded.brand, last4 = excluded.last4, exp_month = excluded.exp_month,
          exp_year = excluded.exp_year, updated_at = now()
        where ${s(database)}.saved_cards.setup_created <= excluded.setup_created`,
  );
}

/** Forget the card (only that one: a card saved meanwhile stays). */
export async function deleteSavedCard(database: Database, restaurantId: string, paymentMethodId: string) {
  await database.db.execute(
    sql`delete from ${s(database)}.saved_cards where restaurant_id = ${restaurantId} and payment_method_id = ${paymentMethodId}`,
  );
}

/**
 * The card an off-session charge (an extra, an edit's rise, a tip) goes on: the restaurant's saved card when it has one (its current choice:
 * saving a card detaches the ones it replaces), else the card the escrow payment kept (setup_future_usage); with
 * its brand and last 4 as the screens name it.
 */
export async function cardOnFile(database: Database, of: { restaurant_id: string; job_id: string }) {
  const saved = await savedCardOf(database, of.restaurant_id);
  if (saved)
    return {
      customer: saved.customer_id,
      payment_method: saved.payment_method_id,
      brand: saved.brand,
      last4: saved.last4,
    };
  const job = await findJob(database, of.job_id);
  return job?.card_customer_id && job.card_payment_method_id
    ? {
        customer: job.card_customer_id,
        payment_method: job.card_payment_method_id,
        brand: job.card_brand ?? null,
        last4: job.card_last4 ?? null,
      }
    : null;
}
