/**
 * chrF, the character n-gram F-score (Popović 2015), computed as sacrebleu 2.x computes it with its defaults
 * (`CHRF()`: char_order 6, word_order 0, beta 2, whitespace excluded, no lowercasing, eps_smoothing off):
 *
 * - each sentence is stripped of whitespace, then for n = 1..6 its character n-grams are counted in the
 *   hypothesis and the reference, and matched with clipping (a common n-gram counts min(hyp, ref) times);
 * - a corpus adds those counts up over its sentences, per n (hypothesis n-grams, reference n-grams, matches);
 * - precision and recall are averaged over the orders n where both sides have n-grams (the effective order);
 * - chrF = 100 * (1 + beta^2) * P * R / (beta^2 * P + R), 0 when P + R is 0.
 *
 * Recall weighs beta^2 = 4 times as much as precision: a translation that leaves out words of the reference
 * loses more than one that adds some.
 */

export const CHRF_ORDER = 6;
export const CHRF_BETA = 2;

/** Per order n (1..6): [hypothesis n-grams, reference n-grams, matching n-grams]. */
export type ChrfStatistics = Array<[number, number, number]>;

/** The characters chrF compares: the text without any whitespace. Code points, not UTF-16 units. */
const characters = (text: string): string[] => Array.from(text.replace(/\s+/gu, ''));

function ngrams(chars: string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i++) {
    const gram = chars.slice(i, i + n).join('');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

/** One sentence's n-gram counts against its reference. */
export function sentenceStatistics(hypothesis: string, reference: string): ChrfStatistics {
  const hyp = characters(hypothesis);
  const ref = characters(reference);
  const stats: ChrfStatistics = [];
  for (let n = 1; n <= CHRF_ORDER; n++) {
    const h = ngrams(hyp, n);
    const r = ngrams(ref, n);
    let matches = 0;
    for (const [gram, count] of h) matches += Math.min(count, r.get(gram) ?? 0);
    stats.push([Math.max(hyp.length - n + 1, 0), Math.max(ref.length - n + 1, 0), matches]);
  }
  return stats;
}

/** The score (0-100) of counts: one sentence's, or a corpus's added up. */
export function chrfOf(stats: ChrfStatistics, beta = CHRF_BETA): number {
  let precision = 0;
  let recall = 0;
  let order = 0;
  for (const [hyp, ref, matches] of stats) {
    if (hyp === 0 || ref === 0) continue;
    precision += matches / hyp;
    recall += matches / ref;
    order++;
  }
  if (order === 0) return 0;
  precision /= order;
  recall /= order;
  if (precision + recall === 0) return 0;
  const b2 = beta * beta;
  return (100 * (1 + b2) * precision * recall) / (b2 * precision + recall);
}

/** chrF of one hypothesis against one reference. */
export const sentenceChrf = (hypothesis: string, reference: string) =>
  chrfOf(sentenceStatistics(hypothesis, reference));

/** Corpus chrF: every sentence's counts added up, then one score (not an average of sentence scores). */
export function corpusChrf(hypotheses: readonly string[], references: readonly string[]): number {
  if (hypotheses.length !== references.length)
    throw new Error(`${hypotheses.length} hypotheses for ${references.length} references`);
  const total: ChrfStatistics = Array.from({ length: CHRF_ORDER }, () => [0, 0, 0]);
  hypotheses.forEach((hypothesis, i) => {
    sentenceStatistics(hypothesis, references[i]).forEach(([h, r, m], n) => {
      total[n][0] += h;
      total[n][1] += r;
      total[n][2] += m;
    });
  });
  return chrfOf(total);
}
