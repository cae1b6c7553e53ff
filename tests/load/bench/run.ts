import pg from 'pg';
import { serviceDatabaseUrl } from '@brigade/kit';
import { createAccounts, onboardPayouts, type Account } from '../lib/accounts';
import { Api, pool, until } from '../lib/api';
import type { Figure } from '../lib/measure';
import { seed, type SeedResult } from '../lib/seed';
import { seedNotifications } from '../lib/seed-notifications';
import { COUNTS, log } from './settings';
import type { Product } from './stack';

/** One line of the table. */
export interface Row {
  key: string;
  title: string;
  figure: Figure | null;
  vsBare?: number | null;
  target: string;
  met: boolean | null;
  note?: string;
}

/** Direct connections to the services' databases (the seed's checks and the event latencies). */
export interface Databases {
  jobs: pg.Pool;
  payments: pg.Pool;
}

/** What every phase of a run works with: the product, its data, and the table and results it fills. */
export interface BenchRun {
  product: Product;
  api: Api;
  dbs: Databases;
  accounts: { restaurants: Account[]; chefs: Account[] };
  /** The chefs with a payout account (accepted shifts that end in a transfer). */
  payoutChefs: Account[];
  seeded: SeedResult;
  /** The run's PostgreSQL (its databases `<run>_<service>`): BENCH_SCALE grows the seed there. */
  databaseUrl: string;
  rows: Row[];
  results: Record<string, unknown>;
}

export const auth = (a: Account) => ({ authorization: `Bearer ${a.token}` });

export function openDatabases(databaseUrl: string): Databases {
  return {
    jobs: new pg.Pool({ connectionString: serviceDatabaseUrl(databaseUrl, 'jobs', {}), max: 4 }),
    payments: new pg.Pool({ connectionString: serviceDatabaseUrl(databaseUrl, 'payments', {}), max: 4 }),
  };
}

/**
 * The driving accounts through the API (payout accounts for a few chefs), once the jobs read models know
 * them, then the issue's data volumes in SQL.
 */
export async function prepare(
  product: Product,
  api: Api,
  dbs: Databases,
  databaseUrl: string,
  runId: string,
  results: Record<string, unknown>,
): Promise<Pick<BenchRun, 'accounts' | 'payoutChefs' | 'seeded' | 'databaseUrl'>> {
  log(
    `product at ${product.url}; creating ${COUNTS.restaurants} restaurants and ${COUNTS.chefs} chefs through the API ...`,
  );
  const accounts = await createAccounts(api, runId, COUNTS);
  const payoutChefs = accounts.chefs.slice(0, COUNTS.payoutChefs);
  await pool(payoutChefs, 5, (c) => onboardPayouts(api, c));
  // profiles reach the jobs and messaging read models by events; the accept/transfer flows need payouts
  await until(
    'read models of the driving accounts',
    async () => {
      const r = await dbs.jobs.query(
        `select (select count(*) from jobs.chef_profiles where user_id = any($1::uuid[]))::int as chefs,
                (select count(*) from jobs.restaurant_profiles where user_id = any($2::uuid[]))::int as restaurants,
                (select count(*) from jobs.payout_accounts where user_id = any($3::uuid[]) and payouts_enabled)::int as payouts`,
        [
          accounts.chefs.map((c) => c.id),
          accounts.restaurants.map((r) => r.id),
          payoutChefs.map((c) => c.id),
        ],
      );
      const x = r.rows[0];
      return (
        x.chefs === accounts.chefs.length &&
        x.restaurants === accounts.restaurants.length &&
        x.payouts === payoutChefs.length
      );
    },
    30_000,
    100,
  );

  log('seeding the data volumes in SQL ...');
  const seeded = await seed({
    databaseUrl,
    restaurantIds: accounts.restaurants.map((r) => r.id),
    chefIds: accounts.chefs.map((c) => c.id),
  });
  results.seed = seeded.counts;
  results.seed_ms = seeded.ms;
  log(
    `seeded in ${(seeded.ms / 1000).toFixed(1)} s: ${Object.entries(seeded.counts)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  // The driving chefs' inboxes (issue 40): the inbox poll's rows.
  const inboxes = await seedNotifications({
    databaseUrl,
    restaurantIds: accounts.restaurants.map((r) => r.id),
    chefIds: accounts.chefs.map((c) => c.id),
  });
  results.seed_notifications = inboxes.counts;
  log(`inboxes seeded in ${(inboxes.ms / 1000).toFixed(1)} s: ${inboxes.counts.inbox_entries} entries`);
  return { accounts, payoutChefs, seeded, databaseUrl };
}
