import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from './embedded';
// @ts-expect-error a plain ES module of the launcher's (scripts/start-bundle.mjs), without types
import { buildStart, upToDate } from './start-bundle.mjs';

// `npm start` runs a compiled copy of the product (ADR 6). A developer who edits a source and starts again must get
// their change. (That the copy runs the product, finding its migrations and sandboxes' files where the sources
// are, is scripts/first-start.test.ts: it starts through the launcher.)

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'brigade-start-bundle-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('an edited source makes the next start compile again; an untouched tree starts from the copy', async () => {
  expect(await buildStart(dir)).toBe(path.join(dir, 'start.mjs'));
  expect(upToDate(dir)).toBe(true);
  const inputs = Object.keys(JSON.parse(readFileSync(path.join(dir, 'inputs.json'), 'utf8')).files);
  // every service and the kit are in it; npm's packages are not, but for a workspace's own pinned version
  for (const f of [
    'scripts/start.ts',
    'services/jobs/src/app.ts',
    'kit/src/db.ts',
    'contracts/src/policy.ts',
  ])
    expect(inputs).toContain(f);
  for (const pkg of ['express', 'drizzle-orm', '@electric-sql/pglite', 'stripe', 'zod'])
    expect(inputs.filter((f) => f.startsWith(`node_modules/${pkg}/`))).toEqual([]);
  expect(inputs.some((f) => f.startsWith('services/identity/node_modules/file-type/'))).toBe(true);

  // a source whose size or modification time is no longer the one the copy was built from (as after an edit; the
  // file itself is left alone: its time could not be set back to the nanosecond)
  const recorded = path.join(dir, 'inputs.json');
  const built = readFileSync(recorded, 'utf8');
  const stamps = JSON.parse(built);
  const edited = 'services/messaging/src/domain/language.ts';
  const [size, mtimeMs] = stamps.files[edited].split(':');
  const now = statSync(path.join(ROOT, edited));
  expect(stamps.files[edited]).toBe(`${now.size}:${now.mtimeMs}`);
  try {
    stamps.files[edited] = `${size}:${Number(mtimeMs) - 1000}`;
    writeFileSync(recorded, JSON.stringify(stamps));
    expect(upToDate(dir)).toBe(false);
  } finally {
    writeFileSync(recorded, built);
  }
  expect(upToDate(dir)).toBe(true);
});
