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

// `npm run operator`'s work (scripts/operator.ts is its entry), callable in-process: the platform team's command
// for its operators (issue 33), acting as the platform itself (audited as "npm run operator (login@host)").
// Real mode with DATABASE_URL (identity's database; IDENTITY_DATABASE_URL names it whole), ended sessions
// announced through REDIS_URL as the services share them. Without it, the embedded default's data
// (.data/pglite or BRIGADE_DATA_DIR), which one process opens at a time: stop `npm start` first; identity
// announces the sessions ended here at its next start. `add` and `reset-password` print a one-time password.

export const USAGE = [
  'usage: npm run operator -- <command>',
  '  list                        the operators, admins and suspensions',
  '  add <email> [--admin]       a new operator (an admin with --admin); prints a one-time password',
  '  remove <email>              an operator who left: every session of theirs ends',
  '  suspend <email> [reason]    every session of theirs ends; sign-in refused until reinstated',
  '  reinstate <email>           lift a suspension',
  '  reset-password <email>      a new one-time password (two-step sign-in is set up again)',
  'Real mode with DATABASE_URL; otherwise the embedded data (stop npm start first).',
].join('\n');

export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

const SHAPES: Record<string, (words: string[], flags: string[]) => boolean> = {
  list: (w, f) => w.length === 0 && f.length === 0,
  add: (w, f) => w.length === 1 && f.every((x) => x === '--admin'),
  remove: (w, f) => w.length === 1 && f.length === 0,
  suspend: (w, f) => w.length >= 1 && f.length === 0,
  reinstate: (w, f) => w.length === 1 && f.length === 0,
  'reset-password': (w, f) => w.length === 1 && f.length === 0,
};

interface Opened {
  database: Database;
  revocations: SessionRevocations;
  close(): Promise<void>;
}

/** Identity's database and the revocations ended sessions are announced to; null: no embedded data yet. */
async function open(env: NodeJS.ProcessEnv): Promise<Opened | null> {
  const logger = createLogger('operator', env.LOG_LEVEL ?? 'warn');
  const migrations = await loadMigrations();
  if (env.DATABASE_URL) {
    const database = await openServiceDatabase(
      'identity',
      { url: serviceDatabaseUrl(env.DATABASE_URL, 'identity', env), poolSize: 1 },
      migrations,
    );
    const revocations = openRevocations(
      { REDIS_URL: env.REDIS_URL, BUS_NAMESPACE: env.BUS_NAMESPACE },
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
  const dataDir = embeddedDataDir(env);
  if (!existsSync(dataDir)) return null;
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

/** Run one command; resolves to the process's exit code (2: usage, 1: refused, 0: done). */
export async function runOperatorCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CommandOutput = { out: console.log, err: console.error },
): Promise<number> {
  const [command, ...args] = argv;
  const flags = args.filter((a) => a.startsWith('--'));
  const words = args.filter((a) => !a.startsWith('--'));
  if (!command || !SHAPES[command]?.(words, flags)) {
    io.err(USAGE);
    return 2;
  }
  let opened: Opened | null;
  try {
    opened = await open(env);
  } catch (err) {
    if (!(err instanceof EmbeddedDataBusy)) throw err;
    io.err(err.message);
    return 1;
  }
  if (!opened) {
    io.err(
      `No embedded data at ${embeddedDataDir(env)}: run \`npm start\` once first (or set DATABASE_URL for ` +
        'real mode).\nThe first operator comes from OPERATOR_EMAIL and OPERATOR_PASSWORD at start.',
    );
    return 1;
  }
  const ctx: OperatorsContext = {
    database: opened.database,
    revocations: opened.revocations,
    logger: createLogger('operator', env.LOG_LEVEL ?? 'warn'),
    config: {
      ACCESS_TOKEN_TTL_SECONDS: Number(env.ACCESS_TOKEN_TTL_SECONDS) || 900,
      ARGON2_MEMORY_KIB: Number(env.ARGON2_MEMORY_KIB) || 19_456,
    },
  };
  const manager: OperatorManager = {
    kind: 'command',
    label: `npm run operator (${os.userInfo().username}@${os.hostname()})`,
  };
  try {
    await perform(ctx, manager, command, words, flags, env.DATABASE_URL ? '' : ' (embedded data)', io);
    return 0;
  } catch (err) {
    if (err instanceof ZodError) io.err(err.issues.map((i) => i.message).join('\n'));
    else if (err instanceof AppError && err.code === 'SERVICE.UNAVAILABLE')
      io.err('Done, but the ended sessions could not be announced (Redis): run the same command again.');
    else if (err instanceof AppError) io.err(`${err.message} (${err.code}): nothing changed.`);
    else throw err;
    return 1;
  } finally {
    await opened.close();
  }
}

async function perform(
  ctx: OperatorsContext,
  manager: OperatorManager,
  command: string,
  words: string[],
  flags: string[],
  where: string,
  io: CommandOutput,
) {
  const email = words[0]?.trim().toLowerCase() ?? '';
  /** The operator's id by email (removed ones are gone). */
  const operatorId = async () => {
    const row = await findUserByEmail(ctx.database.db, email);
    if (!row || row.userType !== 'operator' || row.removedAt)
      throw new AppError(404, 'IDENTITY.OPERATOR_NOT_FOUND', `No operator ${email}`);
    return row.id;
  };
  if (command === 'list') {
    const rows = await listOperatorRows(ctx.database.db);
    if (rows.length === 0) io.out('No operators yet.');
    for (const r of rows) {
      const state = [
        r.admin ? 'admin' : 'operator',
        r.suspendedAt ? `suspended: ${r.suspensionReason ?? ''}` : 'active',
        ...(r.passwordChangeRequired ? ['one-time password not changed yet'] : []),
        ...(r.totpConfirmedAt ? ['two-step sign-in'] : []),
      ];
      io.out(`${r.email}  ${state.join(', ')}`);
    }
  } else if (command === 'add') {
    const added = await addOperator(ctx, manager, { email: words[0], admin: flags.includes('--admin') });
    io.out(`Operator ${added.operator.email} added${added.operator.admin ? ' (admin)' : ''}${where}.`);
    io.out(`One-time password: ${added.one_time_password}`);
    io.out('Give it to them privately: they sign in at /login and choose their own password at once.');
  } else if (command === 'remove') {
    await removeOperator(ctx, manager, await operatorId());
    io.out(`Operator ${email} removed${where}: every session of theirs has ended.`);
  } else if (command === 'suspend') {
    const reason = words.slice(1).join(' ').trim() || 'Suspended with npm run operator';
    await suspendOperator(ctx, manager, await operatorId(), reason);
    io.out(`Operator ${email} suspended${where}: every session of theirs has ended.`);
  } else if (command === 'reinstate') {
    await reinstateOperator(ctx, manager, await operatorId(), undefined);
    io.out(`Operator ${email} reinstated${where}: they can sign in again.`);
  } else if (command === 'reset-password') {
    const reset = await resetOperatorPassword(ctx, manager, email);
    io.out(`Password of ${email} reset${where}: every session of theirs has ended.`);
    io.out(`One-time password: ${reset.oneTimePassword}`);
    io.out('They choose their own password at their next sign-in, and set up two-step sign-in again.');
    if (!reset.announced)
      io.err(
        'The ended sessions could not be announced (Redis): their access tokens work until they expire ' +
          '(ACCESS_TOKEN_TTL_SECONDS) or until identity restarts.',
      );
  }
}
