import { existsSync } from 'node:fs';
import os from 'node:os';
import { ZodError } from 'zod';
import {
  AppError,
  claimEmbeddedData,
  createLogger,
  embeddedDataDir,
  EmbeddedDataBusy,
  MemoryRevocations,
  openRevocations,
  openServiceDatabase,
  serviceDatabaseUrl,
  type Database,
  type SessionRevocations,
} from '@brigade/kit';
import { loadMigrations } from '../services/identity/src/app';
import type { OperatorsContext } from '../services/identity/src/context';
import { listOperatorRows } from '../services/identity/src/db/operators.repository';
import { findUserByEmail } from '../services/identity/src/db/users.repository';
import type { OperatorManager } from '../services/identity/src/domain/operators';
import { addOperator } from '../services/identity/src/use-cases/add-operator';
import { reinstateOperator } from '../services/identity/src/use-cases/reinstate-operator';
import { removeOperator } from '../services/identity/src/use-cases/remove-operator';
import { resetOperatorPassword } from '../services/identity/src/use-cases/reset-operator-password';
import { suspendOperator } from '../services/identity/src/use-cases/suspend-operator';

// npm run operator -- list | add <email> [--admin] | remove <email> | suspend <email> [reason] |
//                     reinstate <email> | reset-password <email>
// The platform team's command for its operators (issue 33), acting as the platform itself (audited as
// "npm run operator (login@host)"). Real mode with DATABASE_URL (identity's database, IDENTITY_DATABASE_URL to
// name it whole; ended sessions announced through REDIS_URL, as the services share them). Without it, the
// embedded default's data (.data/pglite or BRIGADE_DATA_DIR), which one process opens at a time: stop
// `npm start` first; identity announces the sessions ended here at its next start.
// `add` and `reset-password` print a one-time password, to be changed at the first sign-in.

const USAGE = [
  'usage: npm run operator -- <command>',
  '  list                        the operators, admins and suspensions',
  '  add <email> [--admin]       a new operator (an admin with --admin); prints a one-time password',
  '  remove <email>              an operator who left: every session of theirs ends',
  '  suspend <email> [reason]    every session of theirs ends; sign-in refused until reinstated',
  '  reinstate <email>           lift a suspension',
  '  reset-password <email>      a new one-time password (two-step sign-in is set up again)',
  'Real mode with DATABASE_URL; otherwise the embedded data (stop npm start first).',
].join('\n');

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const [command, ...args] = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const words = args.filter((a) => !a.startsWith('--'));
const email = words[0];
const shapes: Record<string, (w: string[], f: string[]) => boolean> = {
  list: (w, f) => w.length === 0 && f.length === 0,
  add: (w, f) => w.length === 1 && f.every((x) => x === '--admin'),
  remove: (w, f) => w.length === 1 && f.length === 0,
  suspend: (w, f) => w.length >= 1 && f.length === 0,
  reinstate: (w, f) => w.length === 1 && f.length === 0,
  'reset-password': (w, f) => w.length === 1 && f.length === 0,
};
if (!command || !shapes[command]?.(words, flags)) fail(USAGE, 2);

/** Identity's database and the revocations this command announces ended sessions to, and how to let go. */
async function open(): Promise<{
  database: Database;
  revocations: SessionRevocations;
  close(): Promise<void>;
}> {
  const logger = createLogger('operator', process.env.LOG_LEVEL ?? 'warn');
  const migrations = await loadMigrations();
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const database = await openServiceDatabase(
      'identity',
      { url: serviceDatabaseUrl(databaseUrl, 'identity'), poolSize: 1 },
      migrations,
    );
    const revocations = openRevocations(
      { REDIS_URL: process.env.REDIS_URL, BUS_NAMESPACE: process.env.BUS_NAMESPACE },
      logger,
    );
    return {
      database,
      revocations,
      async close() {
        await revocations.close();
        await database.close();
      },
    };
  }
  const dataDir = embeddedDataDir();
  if (!existsSync(dataDir))
    fail(
      `No embedded data at ${dataDir}: run \`npm start\` once first (or set DATABASE_URL for real mode).\n` +
        'The first operator comes from OPERATOR_EMAIL and OPERATOR_PASSWORD at start.',
    );
  const release = claimEmbeddedData(dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(dataDir);
  const database = await openServiceDatabase('identity', { pglite }, migrations);
  return {
    database,
    // Nothing else runs on this data: identity announces what ended here at its next start.
    revocations: new MemoryRevocations(),
    async close() {
      await database.close();
      await pglite.close();
      release();
    },
  };
}

/** The operator's id by email, or a clear refusal. */
async function operatorId(database: Database, address: string): Promise<string> {
  const row = await findUserByEmail(database.db, address.trim().toLowerCase());
  if (!row || row.userType !== 'operator' || row.removedAt) fail(`No operator ${address}: nothing changed.`);
  return row.id;
}

const manager: OperatorManager = {
  kind: 'command',
  label: `npm run operator (${os.userInfo().username}@${os.hostname()})`,
};

let opened: Awaited<ReturnType<typeof open>>;
try {
  opened = await open();
} catch (err) {
  if (err instanceof EmbeddedDataBusy) fail(err.message);
  throw err;
}
const ctx: OperatorsContext = {
  database: opened.database,
  revocations: opened.revocations,
  logger: createLogger('operator', process.env.LOG_LEVEL ?? 'warn'),
  config: {
    ACCESS_TOKEN_TTL_SECONDS: Number(process.env.ACCESS_TOKEN_TTL_SECONDS) || 900,
    ARGON2_MEMORY_KIB: Number(process.env.ARGON2_MEMORY_KIB) || 19_456,
  },
};
const where = process.env.DATABASE_URL ? '' : ' (embedded data: it applies at the next npm start)';

try {
  if (command === 'list') {
    const rows = await listOperatorRows(ctx.database.db);
    if (rows.length === 0) console.log('No operators yet.');
    for (const r of rows) {
      const state = [
        r.admin ? 'admin' : 'operator',
        r.suspendedAt ? `suspended: ${r.suspensionReason ?? ''}` : 'active',
        ...(r.passwordChangeRequired ? ['one-time password not changed yet'] : []),
        ...(r.totpConfirmedAt ? ['two-step sign-in'] : []),
      ];
      console.log(`${r.email}  ${state.join(', ')}`);
    }
  } else if (command === 'add') {
    const added = await addOperator(ctx, manager, { email, admin: flags.includes('--admin') });
    console.log(
      `Operator ${added.operator.email} added${added.operator.admin ? ' (admin)' : ''}${where}.\n` +
        `One-time password: ${added.one_time_password}\n` +
        'Give it to them privately: they sign in at /login and choose their own password at once.',
    );
  } else if (command === 'remove') {
    await removeOperator(ctx, manager, await operatorId(ctx.database, email));
    console.log(`Operator ${email} removed: every session of theirs has ended${where}.`);
  } else if (command === 'suspend') {
    const reason = words.slice(1).join(' ').trim() || 'Suspended with npm run operator';
    await suspendOperator(ctx, manager, await operatorId(ctx.database, email), reason);
    console.log(`Operator ${email} suspended: every session of theirs has ended${where}.`);
  } else if (command === 'reinstate') {
    await reinstateOperator(ctx, manager, await operatorId(ctx.database, email), undefined);
    console.log(`Operator ${email} reinstated: they can sign in again${where}.`);
  } else if (command === 'reset-password') {
    const reset = await resetOperatorPassword(ctx, manager, email);
    console.log(
      `New one-time password for ${email}: ${reset.oneTimePassword}\n` +
        `Every session of theirs has ended${where}; they choose their own password at their next sign-in.`,
    );
    if (!reset.announced)
      console.warn(
        'The ended sessions could not be announced (Redis): their access tokens work until they expire ' +
          '(ACCESS_TOKEN_TTL_SECONDS), or until identity restarts.',
      );
  }
} catch (err) {
  process.exitCode = 1;
  if (err instanceof ZodError) console.error(err.issues.map((i) => i.message).join('\n'));
  else if (err instanceof AppError && err.code === 'SERVICE.UNAVAILABLE')
    console.error(
      'Done, but the ended sessions could not be announced (Redis): run the same command again to announce them.',
    );
  else if (err instanceof AppError) console.error(`${err.message} (${err.code}): nothing changed.`);
  else throw err;
} finally {
  await opened.close();
}
