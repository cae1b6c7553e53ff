import { createLogger } from '@brigade/kit';
import { detectApertiumCommand } from '../src/adapters/apertium-command';
import { createTranslator, type Translator } from '../src/adapters/translator';
import { KITCHEN_SET } from './quality/kitchen-set';
import { scoreKitchenSet } from './quality/measure';

// The quality of the product's translation on the kitchen test set (issue 32): every pair of
// quality/kitchen-set.ts through the real Apertium (the local command's pipelines, kept running, one sentence
// per call, as the service sends messages), with the restaurant glossary around it, scored with chrF against
// the human references.
// The suite fails when a change to the glossary, the wrapper or the engine makes either direction worse than
// what was reached. Measured on Debian bookworm's apertium 3.8.3 + apertium-eng-spa 0.8.1 (ADR 13):
//   en->es: 44.98 without the glossary, 77.29 with it
//   es->en: 46.55 without the glossary, 75.47 with it
// (`npx tsx services/messaging/test/quality/measure.ts` prints both). Skipped without the packages on a
// laptop; in CI (CI=true) their absence fails the file.
const MIN_CHRF_EN_ES = 76.5;
const MIN_CHRF_ES_EN = 74.5;

const pairs = await detectApertiumCommand('apertium');
function requireApertium(): boolean {
  if (pairs.length === 2) return true;
  if (process.env.CI)
    throw new Error(
      'CI must measure translation on the real engine: apt-get install apertium apertium-eng-spa',
    );
  return false;
}
const describeWithApertium = requireApertium() ? describe : describe.skip;

describeWithApertium('translation quality on the kitchen test set', () => {
  let scores: Awaited<ReturnType<typeof scoreKitchenSet>>;
  let translator: Translator;
  beforeAll(async () => {
    translator = await createTranslator(
      { TRANSLATION_PROVIDER: 'apertium', TRANSLATE_TIMEOUT_MS: 30_000 },
      createLogger('translation-quality-test'),
    );
    scores = await scoreKitchenSet(translator);
    console.warn(
      `kitchen set (${KITCHEN_SET.length} pairs) chrF: en->es ${scores.enToEs.toFixed(2)}, es->en ${scores.esToEn.toFixed(2)}`,
    );
  }, 300_000);
  afterAll(() => translator?.close?.());

  test('is at least a hundred real pairs, each used both ways', () => {
    expect(KITCHEN_SET.length).toBeGreaterThanOrEqual(100);
    for (const pair of KITCHEN_SET) {
      expect(pair.en.trim()).not.toBe('');
      expect(pair.es.trim()).not.toBe('');
      expect(pair.en).not.toBe(pair.es);
    }
  });

  test('English into Spanish scores no lower than was reached', () => {
    expect(scores.enToEs).toBeGreaterThanOrEqual(MIN_CHRF_EN_ES);
  });

  test('Spanish into English scores no lower than was reached', () => {
    expect(scores.esToEn).toBeGreaterThanOrEqual(MIN_CHRF_ES_EN);
  });

  test('the two words the cook read wrong come out as a US kitchen says them', () => {
    const spanish = (en: string) => scores.es[KITCHEN_SET.findIndex((p) => p.en === en)];
    expect(spanish('Wear non-slip shoes.')).toBe('Usa zapatos antideslizantes.');
    expect(spanish('Park in the lot.')).toBe('Estaciónate en el estacionamiento.');
  });
});
