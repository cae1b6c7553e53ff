/**
 * A seeded PRNG (mulberry32) for hand-written property-based generators (fast-check is not installed). The
 * seed comes from HARDENING_SEED or a fixed default, and every failure message prints it, so a failing run
 * can be replayed exactly.
 */
export const SEED = Number(process.env.HARDENING_SEED ?? 20_240_611);

export function prng(seed = SEED) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)],
    bool: () => next() < 0.5,
  };
}
export type Prng = ReturnType<typeof prng>;

/** Values that break naive code: wrong JSON kinds, extremes, injection strings, odd unicode. */
export const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -1e308,
  1e308,
  2 ** 53 + 1,
  '',
  ' ',
  'a'.repeat(10_000),
  "' OR '1'='1",
  "'; drop table jobs.jobs; --",
  '"; select pg_sleep(5); --',
  '\\',
  '%00',
  // '\u0000' (NUL) has its own test in hostile-input.test.ts: PostgreSQL cannot store it (a known 500).
  '\ud800',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '😀'.repeat(300),
  'NaN',
  '-0',
  '1e999',
  '2099-13-45T99:99:99Z',
  [],
  [null],
  ['<script>'],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__": {"polluted": true}}'),
  { constructor: { prototype: { polluted: true } } },
];

/** Path segments where an id is expected. */
export const HOSTILE_IDS = [
  'not-a-uuid',
  "1' OR '1'='1",
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  '%E2%80%AE',
  'x'.repeat(2_000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-4fff-bfff-ffffffffffff',
  '-1',
  '9999999999999999999999',
  '%3Cscript%3E',
  'null',
  'undefined',
  '%25',
];

export const HOSTILE_QUERY_VALUES = [
  '',
  "' OR 1=1 --",
  '-1',
  '1e999',
  'NaN',
  'Infinity',
  '[',
  '[1,2',
  '{"a":1}',
  '["' + 'x'.repeat(100) + '"]',
  'x'.repeat(5_000),
  '<script>',
  '2099-99-99',
  '%00',
  '0',
  '100000000000000000000',
];

export const HOSTILE_AUTH_HEADERS = [
  'Bearer',
  'Bearer ',
  'Bearer null',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  `Bearer ${'A'.repeat(8_000)}`,
  'Basic YWRtaW46YWRtaW4=',
  'bearer   ',
  'Token abc',
  "Bearer ' OR 1=1 --",
];
