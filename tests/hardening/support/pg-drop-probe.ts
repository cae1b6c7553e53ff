// Opens a service database the way every service does (kit openDatabase: a pg pool), holds a transaction open
// (a checked-out client, as the outbox relay and schedulers do every few hundred ms), and waits. The test cuts
// the connection under it: the transaction must fail and the process must live on (prints SURVIVED).
import { openDatabase, sql } from '@brigade/kit';

const database = await openDatabase({ url: process.env.PROBE_DATABASE_URL!, poolSize: 2 }, 'probe');
const inTransaction = database
  .transaction(async (tx) => {
    process.stdout.write('IN_TRANSACTION\n');
    await tx.execute(sql`select pg_sleep(5)`);
  })
  .then(
    () => 'committed',
    (err: Error) => `failed: ${err.message}`,
  );
const outcome = await inTransaction;
process.stdout.write(`TRANSACTION ${outcome}\n`);
await new Promise((r) => setTimeout(r, 500));
const after = await database.rows(sql`select 1 as ok`).then(
  () => 'ok',
  (err: Error) => `failed: ${err.message}`,
);
process.stdout.write(`SURVIVED next query ${after}\n`);
await database.close().catch(() => undefined);
process.exit(0);
