import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERROR_CODES } from '../src/errors';

// The registry of error codes (contracts/src/errors.ts) against the server's sources: every code literal the
// services, the kit and the gateway can answer with is registered (the web app has a text for each, in en and
// es), and every registered code is still answered somewhere.

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverDirs = [
  'kit/src',
  'gateway/src',
  ...readdirSync(join(root, 'services')).map((s) => `services/${s}/src`),
];
/** Literals shaped like codes that are not answered to a client: the docs' placeholder for the pattern. */
const NOT_CODES = new Set(['SERVICE.REASON']);

function sourceFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [path] : [];
  });
}

// and the codes a contract schema gives its refusals (`params: { code }`), which kit's error middleware answers,
// and the codes of the contracts' pure rules that the services answer with
const files = [
  ...serverDirs.flatMap((d) => sourceFiles(join(root, d))),
  join(root, 'contracts/src/display-name.ts'),
  // the time clock's refusals (issue 34), decided by its pure rules
  join(root, 'contracts/src/clock.ts'),
  // an appeal's refusals (issue 39), decided by its pure rules
  join(root, 'contracts/src/appeals.ts'),
];
const sources = files.map((f) => ({ file: relative(root, f), text: readFileSync(f, 'utf8') }));

/** `'JOBS.NOT_PENDING'` anywhere (AppError, badRequest(..., code), send(res, ..., code), `code: '...'`). */
const CODE_LITERAL = /['"`]([A-Z][A-Z_]*\.[A-Z0-9][A-Z0-9_]*)['"`]/g;
/** A code without a service prefix, written as a body's `code:` (INTERNAL). */
const BARE_CODE = /\bcode:\s*['"`]([A-Z][A-Z_]+)['"`]/g;

function codesInSources(): Map<string, string> {
  const found = new Map<string, string>();
  for (const { file, text } of sources)
    for (const re of [CODE_LITERAL, BARE_CODE])
      for (const m of text.matchAll(re)) if (!NOT_CODES.has(m[1]) && !found.has(m[1])) found.set(m[1], file);
  return found;
}

describe('the error code registry', () => {
  test('scans the server sources (services, kit, gateway)', () => {
    expect(files.some((f) => f.includes('services/jobs/src/domain/errors.ts'))).toBe(true);
    expect(files.some((f) => f.includes('kit/src/auth.ts'))).toBe(true);
    expect(files.some((f) => f.includes('gateway/src/api.ts'))).toBe(true);
    expect(codesInSources().size).toBeGreaterThan(80);
  });

  test('every code the server answers with is registered with its English text', () => {
    const missing = [...codesInSources()]
      .filter(([code]) => !(code in ERROR_CODES))
      .map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });

  test('every registered code is still answered by the server', () => {
    const inSources = codesInSources();
    // `HTTP.${status}`: express's own client errors (bad JSON 400, too large 413, charset 415) and the raw
    // socket answers (408, 431), numbered by status in kit/src/http.ts and kit/src/errors.ts.
    const numbered = sources.some((s) => s.text.includes('code: `HTTP.${status}`'));
    const stale = Object.keys(ERROR_CODES).filter(
      (code) => !inSources.has(code) && !(numbered && /^HTTP\.\d{3}$/.test(code)),
    );
    expect(stale).toEqual([]);
  });

  test('every registered text is a plain English sentence a person can read', () => {
    for (const [code, text] of Object.entries(ERROR_CODES)) {
      expect(`${code}: ${text.trim()}`).toMatch(/^[A-Z0-9_.]+: \S/);
      expect(text).not.toMatch(/\$\{|\{\{/);
    }
  });
});
