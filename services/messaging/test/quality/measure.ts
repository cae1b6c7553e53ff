import { createLogger } from '@brigade/kit';
import { createApertiumCommandTranslator, detectApertiumCommand } from '../../src/adapters/apertium-command';
import { createTranslator, type Translator } from '../../src/adapters/translator';
import { corpusChrf } from './chrf';
import { HELD_OUT_SET, KITCHEN_SET, type KitchenPair } from './kitchen-set';

/**
 * `fn` over `items`, at most `limit` at a time, in order: as many sentences in flight as the engine translates at
 * once (its slots), so none waits in its queue against the time-out.
 */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/** Both directions of a test set through one translator, one sentence per call as messages are sent. */
export async function scoreKitchenSet(translator: Translator, set: readonly KitchenPair[] = KITCHEN_SET) {
  const limit = translator.slots ?? 1;
  const es = await mapLimit(set, limit, (p) => translator.translate(p.en, 'es', 'en'));
  const en = await mapLimit(set, limit, (p) => translator.translate(p.es, 'en', 'es'));
  return {
    enToEs: corpusChrf(
      es.map((t) => t.text),
      set.map((p) => p.es),
    ),
    esToEn: corpusChrf(
      en.map((t) => t.text),
      set.map((p) => p.en),
    ),
    es: es.map((t) => t.text),
    en: en.map((t) => t.text),
  };
}

/**
 * `npx tsx services/messaging/test/quality/measure.ts`: the figures of ADR 13, the local apertium command
 * without the glossary (before) and as the service runs it, with the glossary (after), both directions, on
 * the test set and on the held-out set.
 */
async function main() {
  const pairs = await detectApertiumCommand('apertium');
  if (pairs.length !== 2) throw new Error('apt-get install apertium apertium-eng-spa');
  const raw = createApertiumCommandTranslator({ command: 'apertium', pairs, timeoutMs: 60_000 });
  const product = await createTranslator(
    { TRANSLATION_PROVIDER: 'apertium', TRANSLATE_TIMEOUT_MS: 30_000 },
    createLogger('translation-quality'),
  );
  for (const [name, set] of [
    ['kitchen set', KITCHEN_SET],
    ['held-out set', HELD_OUT_SET],
  ] as const) {
    const before = await scoreKitchenSet(raw, set);
    const after = await scoreKitchenSet(product, set);
    process.stdout.write(`${name}: ${set.length} pairs, chrF (sacrebleu's defaults: chars 1-6, beta 2)\n`);
    process.stdout.write(`  en->es  before ${before.enToEs.toFixed(2)}  after ${after.enToEs.toFixed(2)}\n`);
    process.stdout.write(`  es->en  before ${before.esToEn.toFixed(2)}  after ${after.esToEn.toFixed(2)}\n`);
  }
  await Promise.all([raw.close(), product.close?.()]);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) await main();
