import { ZodError } from 'zod';
import { AppError, openServiceDatabase, serviceDatabaseUrl } from '@brigade/kit';
import { loadMigrations } from '../services/identity/src/app';
import { saveOperator } from '../services/identity/src/use-cases/save-operator';

// npm run operator -- add <email>
// Real mode only (DATABASE_URL): creates the operator in identity's database, or sets its password. The password
// comes from OPERATOR_PASSWORD, or is asked for twice (hidden). In the embedded default, set OPERATOR_EMAIL and
// OPERATOR_PASSWORD before `npm start` instead.

const USAGE =
  'usage: DATABASE_URL=postgres://... npm run operator -- add <email>   (password: OPERATOR_PASSWORD or asked)';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/** Every line of a piped stdin (a script feeding the password), read once. */
let piped: Promise<string[]> | null = null;
function pipedLines(): Promise<string[]> {
  piped ??= new Promise((resolve, reject) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk) => (text += chunk));
    process.stdin.on('end', () => resolve(text.split(/\r?\n/)));
    process.stdin.on('error', reject);
  });
  return piped;
}

/** Ask on the terminal without echoing what is typed. */
function askHidden(prompt: string): Promise<string> {
  const stdin = process.stdin;
  process.stdout.write(prompt);
  return new Promise((resolve) => {
    let answer = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          return resolve(answer);
        }
        if (ch === '\u0003') {
          stdin.setRawMode(false);
          process.stdout.write('\n');
          fail('Cancelled: nothing changed.', 130);
        }
        if (ch === '\u007f' || ch === '\b') answer = answer.slice(0, -1);
        else answer += ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.OPERATOR_PASSWORD;
  if (fromEnv) return fromEnv;
  if (process.stdin.isTTY) {
    const first = await askHidden('Password for the operator: ');
    const second = await askHidden('Same password again: ');
    if (first !== second) fail('The passwords do not match: nothing changed.');
    return first;
  }
  const [first = '', second = ''] = await pipedLines();
  if (!first) fail('No password: set OPERATOR_PASSWORD, or run this in a terminal to be asked for it.');
  if (first !== second) fail('The passwords do not match: nothing changed.');
  return first;
}

const [command, email, ...rest] = process.argv.slice(2);
if (command !== 'add' || !email || rest.length > 0) fail(USAGE, 2);
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl)
  fail(
    'npm run operator works in real mode only: set DATABASE_URL (the PostgreSQL server identity uses).\n' +
      'In the embedded default, start with OPERATOR_EMAIL and OPERATOR_PASSWORD set instead: ' +
      'OPERATOR_EMAIL=you@example.com OPERATOR_PASSWORD=... npm start',
  );

const password = await readPassword();
const database = await openServiceDatabase(
  'identity',
  { url: serviceDatabaseUrl(databaseUrl, 'identity'), poolSize: 1 },
  await loadMigrations(),
);
try {
  const memory = Number(process.env.ARGON2_MEMORY_KIB) || undefined;
  const operator = await saveOperator(database, { email, password }, memory);
  const what = {
    created: 'created',
    updated: 'already existed: password updated',
    unchanged: 'already existed with this password: nothing changed',
  }[operator.outcome];
  console.log(`Operator ${operator.email} ${what}. They sign in at /signin and land on /ops.`);
} catch (err) {
  if (err instanceof ZodError) fail(err.issues.map((i) => i.message).join('\n'));
  if (err instanceof AppError) fail(err.message);
  throw err;
} finally {
  await database.close();
}
