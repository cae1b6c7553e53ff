// The README's settings table, made from the schemas (scripts/settings/schemas.ts) and the meanings
// (scripts/settings/meanings.ts): which variables exist, who reads each and its default come from the schemas;
// only the words come from the meanings. A variable with no meaning, or a meaning with no variable, is an error.
import { BASE_SCHEMA, POLICY_DEFAULTS, POLICY_READERS, RUNNER_SETTINGS, SCHEMAS } from './schemas';
import { SETTING_MEANINGS } from './meanings';

interface ZodLike {
  shape?: Record<string, ZodLike>;
  _zod?: {
    def: { type: string; in?: ZodLike; innerType?: ZodLike; schema?: ZodLike; defaultValue?: unknown };
  };
}

/** The object under a schema's refinements and pipes. */
export function shapeOf(schema: unknown): Record<string, ZodLike> {
  let node = schema as ZodLike | undefined;
  while (node && !node.shape) {
    const def = node._zod?.def;
    node = def?.in ?? def?.innerType ?? def?.schema;
  }
  return node?.shape ?? {};
}

/** A key's default as the environment would spell it, or undefined when the key has none. */
export function defaultOf(key: ZodLike): string | undefined {
  let node: ZodLike | undefined = key;
  while (node?._zod) {
    const def: NonNullable<ZodLike['_zod']>['def'] = node._zod.def;
    if (def.type === 'default' || def.type === 'prefault') {
      const value =
        typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
      return String(value);
    }
    node = def.in ?? def.innerType ?? def.schema;
  }
  return undefined;
}

export interface SettingRow {
  name: string;
  usedBy: string[];
  /** owner -> default (one entry when every reader has the same). */
  defaults: Map<string, string | undefined>;
}

/** Every variable, in the order of first appearance: the shared base, each deployable's own, the money rules, the runner's. */
export function collectSettings(): SettingRow[] {
  const rows = new Map<string, SettingRow>();
  const add = (name: string, owner: string, fallback: string | undefined) => {
    const row: SettingRow = rows.get(name) ?? { name, usedBy: [], defaults: new Map() };
    if (!row.usedBy.includes(owner)) row.usedBy.push(owner);
    row.defaults.set(owner, fallback);
    rows.set(name, row);
  };
  const base = shapeOf(BASE_SCHEMA);
  for (const [name, key] of Object.entries(base)) add(name, 'all', defaultOf(key));
  for (const { owner, schema } of SCHEMAS) {
    for (const [name, key] of Object.entries(shapeOf(schema))) {
      if (name in POLICY_DEFAULTS) continue;
      if (!(name in base)) add(name, owner, defaultOf(key));
      else if (defaultOf(key) !== defaultOf(base[name])) rows.get(name)?.defaults.set(owner, defaultOf(key));
    }
  }
  for (const [name, fallback] of Object.entries(POLICY_DEFAULTS))
    for (const owner of POLICY_READERS) add(name, owner, fallback);
  for (const [name, setting] of Object.entries(RUNNER_SETTINGS)) add(name, setting.usedBy, setting.default);
  return [...rows.values()];
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function defaultCell(row: SettingRow, unset: string | undefined): string {
  const distinct = new Set(row.defaults.values());
  if (distinct.size === 1) {
    const [only] = distinct;
    if (only !== undefined && only !== '') return `\`${only}\``;
    return unset ? `unset: ${unset}` : 'unset';
  }
  const spell = (value: string | undefined) => (value === undefined ? 'unset' : `\`${value}\``);
  const parts = [...row.defaults]
    .filter(([owner]) => owner !== 'all')
    .map(([owner, value]) => `${owner} ${spell(value)}`);
  if (row.defaults.has('all')) parts.push(`others ${spell(row.defaults.get('all'))}`);
  return parts.join(', ');
}

/** The table as Markdown, or the problems that keep it from being made. */
export function settingsTable(): { table: string; problems: string[] } {
  const rows = collectSettings();
  const problems: string[] = [];
  const names = new Set(rows.map((r) => r.name));
  for (const row of rows)
    if (!SETTING_MEANINGS[row.name])
      problems.push(
        `${row.name}: read by ${row.usedBy.join(', ')} but has no meaning in scripts/settings/meanings.ts`,
      );
  for (const name of Object.keys(SETTING_MEANINGS))
    if (!names.has(name))
      problems.push(
        `${name}: has a meaning but no schema reads it (remove it from scripts/settings/meanings.ts)`,
      );
  const lines = ['| Variable | Used by | Default | Meaning |', '|---|---|---|---|'];
  for (const row of rows) {
    const meaning = SETTING_MEANINGS[row.name];
    if (!meaning) continue;
    const usedBy = row.usedBy.includes('all') ? 'all' : row.usedBy.join(', ');
    lines.push(
      `| \`${row.name}\` | ${usedBy} | ${cell(defaultCell(row, meaning.unset))} | ${cell(meaning.meaning)} |`,
    );
  }
  return { table: lines.join('\n'), problems };
}
