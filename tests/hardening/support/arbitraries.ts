import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries derived from the contracts' zod (v4) schemas: `describe` walks a request schema
 * into field descriptions (kind, optional, bounds, format, enum options, elements), and `invalidValue` /
 * `edgeValue` turn a field into values its schema should refuse or accept at the edges. The suites classify
 * every generated request with the route's own schema (safeParse), so an "invalid" intent the schema
 * happens to accept is never counted as invalid. HARDENING_SEED replays a run (fc.assert prints the seed
 * and path of a failure).
 */

export const SEED = Number(process.env.HARDENING_SEED ?? 20_240_611);

/** A per-route seed derived from the run's seed, so routes do not all draw the same stream. */
export function seedFor(name: string, seed = SEED): number {
  let h = seed | 0;
  for (let i = 0; i < name.length; i++) h = (Math.imul(h, 31) + name.charCodeAt(i)) | 0;
  return h;
}

export type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'record' | 'object' | 'unknown';

export interface Field {
  kind: FieldKind;
  optional: boolean;
  nullable: boolean;
  /** Accepts its value as text too (NumberLike, jsonField): query strings and multipart fields. */
  coerced: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number;
  max?: number;
  /** The bound is exclusive (positive(), gt()). */
  minExclusive?: boolean;
  maxExclusive?: boolean;
  int?: boolean;
  format?: string;
  pattern?: RegExp;
  options?: readonly unknown[];
  element?: Field;
  keys?: Field;
  value?: Field;
  shape?: Record<string, Field>;
}

const UNKNOWN: Field = { kind: 'unknown', optional: false, nullable: false, coerced: false };

/** What a zod v4 schema accepts, as far as generators need to know. */
export function describe(schema: z.ZodType | undefined): Field {
  const s = schema as any;
  const def = s?._zod?.def;
  if (!def) return UNKNOWN;
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return { ...describe(def.innerType), optional: true };
    case 'nullable':
      return { ...describe(def.innerType), nullable: true };
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return describe(def.innerType);
    case 'pipe': {
      if (def.in._zod.def.type === 'transform') return { ...describe(def.out), coerced: true };
      const input = describe(def.in);
      if (def.out._zod.def.type === 'transform') return input;
      const output = describe(def.out);
      if (input.kind === 'unknown') return { ...output, coerced: true };
      if (input.kind !== output.kind) return input;
      const defined = Object.fromEntries(Object.entries(output).filter(([, v]) => v !== undefined));
      return { ...input, ...defined, optional: input.optional, coerced: input.coerced };
    }
    case 'string':
      return { ...UNKNOWN, kind: 'string', ...checks(def.checks) };
    case 'number':
      return { ...UNKNOWN, kind: 'number', ...checks(def.checks) };
    case 'boolean':
      return { ...UNKNOWN, kind: 'boolean' };
    case 'enum':
      return { ...UNKNOWN, kind: 'enum', options: Object.values(def.entries) };
    case 'literal':
      return { ...UNKNOWN, kind: 'enum', options: def.values };
    case 'array':
      return { ...UNKNOWN, kind: 'array', element: describe(def.element), ...checks(def.checks) };
    case 'record':
      return { ...UNKNOWN, kind: 'record', keys: describe(def.keyType), value: describe(def.valueType) };
    case 'object':
      return {
        ...UNKNOWN,
        kind: 'object',
        shape: Object.fromEntries(Object.entries<z.ZodType>(def.shape).map(([k, v]) => [k, describe(v)])),
      };
    default:
      return UNKNOWN;
  }
}

function checks(list: any[] | undefined): Partial<Field> {
  const out: Partial<Field> = {};
  for (const c of list ?? []) {
    const d = c._zod.def;
    if (d.check === 'min_length') out.minLength = d.minimum;
    else if (d.check === 'max_length') out.maxLength = d.maximum;
    else if (d.check === 'length_equals') out.minLength = out.maxLength = d.length;
    else if (d.check === 'greater_than') [out.min, out.minExclusive] = [Number(d.value), !d.inclusive];
    else if (d.check === 'less_than') [out.max, out.maxExclusive] = [Number(d.value), !d.inclusive];
    else if (d.check === 'number_format') out.int = /int/.test(d.format);
    else if (d.check === 'string_format') {
      out.format = d.format;
      if (d.pattern instanceof RegExp) out.pattern = d.pattern;
    }
  }
  return out;
}

/** The fields of an object schema (body or query), through refinements, pipes and wrappers. */
export function objectFields(schema: z.ZodType | undefined): Record<string, Field> {
  return describe(schema).shape ?? {};
}

// ---------- building blocks ----------

/** Strings that break naive code: SQL, HTML, template and path injection, odd unicode. */
export const INJECTIONS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "'; drop table jobs.jobs; --",
  '"; select pg_sleep(5); --',
  "Robert'); DROP TABLE identity.users;--",
  '\\',
  '%00',
  '%s%s%s%n',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '$where',
  '{"$gt": ""}',
  '\u202Egnp.exe',
  'Z\u0351\u0352\u0353a\u0489lgo\u0332',
  '\ud800',
  '\uFEFF',
  '\u00A0\u2028\u2029',
  'İıßﬃ',
  '😀👩‍👩‍👧‍👦🇺🇸',
  'NaN',
  '-0',
  'null',
  'undefined',
] as const;

const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 40 });

/** `depth` levels of nested arrays or objects (deeper than any schema expects). */
export const deeplyNested = fc
  .tuple(fc.integer({ min: 20, max: 3_000 }), fc.boolean())
  .map(([depth, arrays]) => {
    let v: unknown = 1;
    for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
    return v;
  });

/** A string with a NUL somewhere (PostgreSQL text cannot hold it: refused with a 400 by rule). */
export const withNul = fc.tuple(printable, printable).map(([a, b]) => `${a}\u0000${b}`);

export function containsNul(value: unknown): boolean {
  // Iterative: generated values nest thousands of levels deep.
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object')
      for (const [k, inner] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(inner);
      }
  }
  return false;
}

/** Keys no schema declares: prototype pollution, operators, injection, huge and odd names. */
export const weirdKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '$where', '$gt', "'; drop table x; --", 'id', ''),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
  fc.integer({ min: 200, max: 5_000 }).map((n) => 'k'.repeat(n)),
);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isWellFormedUuid = (s: string) => UUID_RE.test(s);

/** A path segment that is not a usable id: a real id broken in small ways, or garbage (URL-encoded). */
export function malformedId(real: string): fc.Arbitrary<string> {
  const n = real.length;
  return fc
    .oneof(
      fc.nat(n - 1).map((i) => real.slice(0, i) + real.slice(i + 1)),
      fc
        .tuple(fc.nat(n), fc.constantFrom('g', 'z', '0', '-', '%20', '%00', "'", '%27'))
        .map(([i, c]) => real.slice(0, i) + c + real.slice(i)),
      fc.nat(n - 1).map((i) => `${real.slice(0, i)}x${real.slice(i + 1)}`),
      fc.constantFrom(
        `%7B${real}%7D`,
        real.replaceAll('-', ''),
        `${real}%20`,
        `%20${real}`,
        `${real}%00`,
        `${real}'%20OR%20'1'='1`,
        `${real}%3B%20drop%20table%20jobs.jobs`,
        `${real},${real}`,
        real.slice(0, 8),
        '..%2F..%2Fetc%2Fpasswd',
        '%',
        '%zz',
        '%E2%80%AE',
        '%25',
        '%3Cscript%3E',
        'null',
        'undefined',
        'NaN',
        '-1',
        '0',
        '9999999999999999999999',
        'x'.repeat(2_000),
        '00000000-0000-0000-0000-000000000000g',
      ),
      fc.integer().map(String),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }).map(encodeURIComponent),
    )
    .filter((s) => s !== '' && s !== '.' && s !== '..' && s !== real && !isWellFormedUuid(s));
}

/** Authorization headers that must never authenticate. `token` (a real one) is tampered with, too. */
export function hostileAuthorization(token: string): fc.Arbitrary<string> {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const [header, payload, signature] = token.split('.');
  // Flip one character of the payload or signature (never a segment's last one: it may only carry padding).
  const tampered = fc.tuple(fc.boolean(), fc.nat()).map(([inPayload, i]) => {
    const part = inPayload ? payload : signature;
    const at = i % (part.length - 1);
    const flipped = part.slice(0, at) + (part[at] === 'A' ? 'B' : 'A') + part.slice(at + 1);
    return `Bearer ${inPayload ? `${header}.${flipped}.${signature}` : `${header}.${payload}.${flipped}`}`;
  });
  return fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Bearer null',
      'Bearer undefined',
      'Bearer a.b.c',
      'Bearer ..',
      `Bearer ${'A'.repeat(8_000)}`,
      'Basic YWRtaW46YWRtaW4=',
      `Basic ${token}`,
      'Token abc',
      token,
      "Bearer ' OR 1=1 --",
      `Bearer ${header}.${payload}.`,
      `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      `Bearer ${b64({ alg: 'HS256', typ: 'JWT' })}.${payload}.${signature}`,
      `Bearer ${token}x`,
      `Bearer ${token}.${signature}`,
    ),
    tampered,
    printable.map((s) => `Bearer ${s}`),
    fc
      .tuple(fc.jsonValue({ maxDepth: 2 }), fc.jsonValue({ maxDepth: 2 }), fc.base64String({ maxLength: 80 }))
      .map(([h, p, sig]) => `Bearer ${b64(h)}.${b64(p)}.${sig.replace(/=+$/, '')}`),
  );
}

/** Headers a well-behaved request may carry in odd shapes (the request stays valid). */
export const edgeHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'accept-language': fc.constantFrom(
        "es'; drop table identity.users; --",
        'zz-ZZ',
        '*;q=NaN',
        'es-MX,es;q=0.9',
      ),
      'if-none-match': fc.oneof(
        fc.integer({ min: 1, max: 4_000 }).map((n) => `"${'x'.repeat(n)}"`),
        fc.constantFrom('*', 'W/"x"', '"', 'null'),
      ),
      'x-request-id': fc.oneof(printable, fc.constantFrom('x'.repeat(500), "'; drop table x; --")),
      accept: fc.constantFrom('application/xml', 'text/html', '*/*;q=0', 'application/json;q=bogus'),
      'accept-encoding': fc.constantFrom('gzip;q=NaN', 'br, zstd, identity;q=0', 'x-unknown'),
      range: fc.constantFrom('bytes=999999999-', 'bytes=-1', 'items=0-1'),
      cookie: fc.constantFrom('session=%00; admin=true', 'a='.repeat(200)),
      'user-agent': printable,
      origin: fc.constantFrom('null', 'https://evil.example', 'file://'),
    },
    { requiredKeys: [] },
  )
  .filter((h) => Object.keys(h).length > 0);

/** Content types other than JSON, for a JSON body. */
export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'text/html; charset=utf-8',
  'application/octet-stream',
  'application/jsonx',
  'multipart/form-data',
);

/** Charsets body parsing cannot decode. */
export const badCharset = fc
  .constantFrom('iso-8859-1', 'ebcdic-cp-us', 'x-garbage', 'latin1', 'us-ascii', 'koi8-r', 'gb2312')
  .map((c) => `application/json; charset=${c}`);

/** JSON text that does not parse (of a valid body `json`, or on its own). */
export function brokenJson(json: string): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom('{', '{"a":}', "{'a':1}", '{"a":1,}', '[1,2', 'undefined', 'NaN', '{"a":1}}', '\u0000'),
      fc.nat(Math.max(0, json.length - 2)).map((i) => json.slice(0, i + 1)),
      fc.constantFrom('x', '}', ',', '//', '/*').map((tail) => json + tail),
    )
    .filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    });
}

// ---------- values from a field ----------

const str = (n: number, ch = 'x') => ch.repeat(Math.max(0, n));

/** A value the field's schema should refuse (classification with safeParse has the last word). */
export function invalidValue(f: Field): fc.Arbitrary<unknown> {
  const notNull = f.nullable ? [] : [fc.constant(null)];
  const wrongKinds: Array<fc.Arbitrary<unknown>> = [deeplyNested, fc.object({ maxDepth: 1, maxKeys: 3 })];
  const out: Array<fc.Arbitrary<unknown>> = [];
  switch (f.kind) {
    case 'string': {
      out.push(fc.integer(), fc.double({ noNaN: true }), fc.boolean(), ...notNull);
      out.push(fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }), withNul);
      if (f.maxLength !== undefined) {
        const max = f.maxLength;
        out.push(
          fc
            .tuple(fc.integer({ min: max + 1, max: max + 64 }), fc.constantFrom('x', 'é', '<', '9'))
            .map(([n, ch]) => str(n, ch)),
          fc.integer({ min: Math.ceil((max + 1) / 2), max: max + 8 }).map((n) => str(n, '😀')),
        );
      }
      if (f.minLength) out.push(fc.constantFrom('', ' ', '\t\n '), fc.constant(str(f.minLength - 1)));
      if (f.format === 'uuid') out.push(malformedId('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'));
      if (f.format === 'email')
        out.push(
          fc.constantFrom('a@', '@b.com', 'a@b', 'no-at-sign', 'a b@c.com', "' OR 1=1 --@x.com", 'a@b..com'),
          fc.constant(`${str(250)}@example.com`),
        );
      if (f.format === 'datetime') out.push(fc.constantFrom('yesterday', '2099-13-45T99:99:99Z', '1e999'));
      if (f.pattern) {
        const re = f.pattern;
        out.push(fc.oneof(printable, fc.constantFrom(...INJECTIONS)).filter((s) => !re.test(s)));
      }
      break;
    }
    case 'number': {
      out.push(fc.boolean(), ...notNull, fc.constant([]), fc.constant([1]));
      out.push(
        fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', 'abc', '1,5', '', ' ', '12abc', '--1'),
      );
      if (!f.coerced) out.push(fc.double({ noNaN: true }).map(String));
      if (f.min !== undefined)
        out.push(
          fc.double({ max: f.min, maxExcluded: !f.minExclusive, noNaN: true, noDefaultInfinity: true }),
          fc.constant(-1e308),
        );
      if (f.max !== undefined)
        out.push(
          fc.double({ min: f.max, minExcluded: !f.maxExclusive, noNaN: true, noDefaultInfinity: true }),
          fc.constant(1e308),
        );
      if (f.int)
        out.push(
          fc.double({ min: f.min ?? -1e6, max: f.max ?? 1e6, noInteger: true, noNaN: true }),
          fc.constant(2 ** 53 + 2),
        );
      break;
    }
    case 'boolean':
      out.push(fc.constantFrom('true', 'false', 0, 1, 'yes', '', 'on', []), ...notNull);
      break;
    case 'enum': {
      const options = (f.options ?? []).map(String);
      out.push(
        fc.string({ maxLength: 20 }).filter((s) => !options.includes(s)),
        fc.constantFrom(...options).map((o) => o.toUpperCase()),
        fc.constantFrom(...options).map((o) => `${o} `),
        fc.constantFrom(...options).map((o) => [o]),
        fc.constantFrom(...INJECTIONS),
        fc.integer(),
        ...notNull,
      );
      break;
    }
    case 'array': {
      const el = f.element ?? UNKNOWN;
      out.push(fc.string({ maxLength: 20 }), fc.integer(), ...notNull, fc.constant({ 0: 'a' }));
      out.push(fc.array(invalidValue(el), { minLength: 1, maxLength: 3 }));
      if (f.maxLength !== undefined)
        out.push(fc.array(edgeValue(el), { minLength: f.maxLength + 1, maxLength: f.maxLength + 5 }));
      if (f.coerced) out.push(fc.constantFrom('[', '[1,2', '{"a":1}', '["x"', '[[[[[[[[[[]]]]]]]]]]'));
      break;
    }
    case 'record':
    case 'object': {
      out.push(
        fc.string({ maxLength: 20 }),
        fc.integer(),
        fc.constant([]),
        fc.array(fc.jsonValue(), { minLength: 1, maxLength: 3 }),
        ...notNull,
      );
      if (f.kind === 'record' && f.keys?.options)
        out.push(
          fc.dictionary(
            fc.string({ minLength: 1, maxLength: 10 }).filter((k) => !f.keys!.options!.includes(k)),
            edgeValue(f.value ?? UNKNOWN),
            { minKeys: 1, maxKeys: 2 },
          ),
        );
      if (f.coerced) out.push(fc.constantFrom('{', '{"monday":', 'not json'));
      break;
    }
    default:
      out.push(withNul);
  }
  return fc.oneof(...out, ...wrongKinds);
}

/** A value the field's schema should accept, from its edges: bounds, every option, injection text, odd unicode. */
export function edgeValue(f: Field): fc.Arbitrary<unknown> {
  const out: Array<fc.Arbitrary<unknown>> = [];
  if (f.nullable) out.push(fc.constant(null));
  switch (f.kind) {
    case 'string': {
      if (f.format === 'uuid') out.push(fc.uuid());
      else if (f.format === 'email')
        out.push(
          fc.uuid().map((u) => `${u.slice(0, 8)}+tag@example.com`),
          fc.uuid().map((u) => `O'Brien.${u.slice(0, 8)}@EXAMPLE.COM`),
          fc.uuid().map((u) => `  ${u.slice(0, 8)}_x-y@sub.example.org  `),
        );
      else if (f.format === 'datetime')
        out.push(
          fc
            .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
            .map((d) => d.toISOString()),
        );
      else if (f.pattern) out.push(fc.stringMatching(f.pattern, { size: 'small' }));
      else {
        const max = Math.min(f.maxLength ?? 300, 5_000);
        const min = f.minLength ?? 0;
        out.push(
          fc.constantFrom(...INJECTIONS),
          fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 40) }),
          fc
            .string({ unit: 'binary', minLength: min, maxLength: Math.min(max, 40) })
            .filter((s) => !s.includes('\u0000')),
          fc.constant(str(max)),
          fc.constant(str(Math.floor(max / 2), '😀')),
          fc.constant(str(max, 'é')),
          fc.constant(`  ${str(Math.max(min, 1), 'a')}  `),
        );
        if (min > 0) out.push(fc.constant(str(min)));
      }
      break;
    }
    case 'number': {
      const lo = f.min ?? -1e6;
      const hi = f.max ?? 1e6;
      const values: Array<fc.Arbitrary<number>> = f.int
        ? [
            fc.integer({ min: Math.ceil(lo), max: Math.floor(hi) }),
            fc.constantFrom(Math.ceil(lo), Math.floor(hi)),
          ]
        : [
            fc.double({
              min: lo,
              max: hi,
              noNaN: true,
              minExcluded: f.minExclusive,
              maxExcluded: f.maxExclusive,
            }),
            fc.constantFrom(lo, hi),
          ];
      out.push(...values);
      if (f.coerced)
        out.push(
          fc.oneof(...values).map((n) => ` ${n} `),
          fc.oneof(...values).map((n) => n.toExponential()),
        );
      break;
    }
    case 'boolean':
      out.push(fc.boolean());
      break;
    case 'enum':
      out.push(fc.constantFrom(...(f.options ?? [])));
      break;
    case 'array': {
      const arr = fc.array(edgeValue(f.element ?? UNKNOWN), {
        minLength: f.minLength ?? 0,
        maxLength: Math.min(f.maxLength ?? 5, 5),
      });
      out.push(arr);
      if (f.coerced) out.push(arr.map((a) => JSON.stringify(a)));
      break;
    }
    case 'record': {
      const keys = (f.keys?.options ?? []).map(String);
      const rec = fc
        .subarray(keys)
        .chain((ks) =>
          fc
            .tuple(...ks.map(() => edgeValue(f.value ?? UNKNOWN)))
            .map((vs) => Object.fromEntries(ks.map((k, i) => [k, vs[i]]))),
        );
      out.push(rec);
      if (f.coerced) out.push(rec.map((r) => JSON.stringify(r)));
      break;
    }
    case 'object': {
      const shape = f.shape ?? {};
      out.push(
        fc.record(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, edgeValue(v)])), {
          requiredKeys: Object.entries(shape)
            .filter(([, v]) => !v.optional)
            .map(([k]) => k),
        }),
      );
      break;
    }
    default:
      out.push(fc.jsonValue({ maxDepth: 2 }).filter((v) => !containsNul(v)));
  }
  return fc.oneof(...out);
}

/** Text for a query string or a multipart field. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}

/** A short, printable description of a generated value (for failure messages). */
export function preview(value: unknown, max = 60): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}...(${text.length} chars)` : text;
}
