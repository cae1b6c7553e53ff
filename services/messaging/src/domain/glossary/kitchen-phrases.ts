import type { GlossaryTerm } from './glossary';

// The kitchen's phrases made from a few words each (times of day, tables, "can you ..."): the generated rows of
// `kitchen-glossary.ts`.

/** Times of day as a shift is told: "at five" -> "a las cinco", "hasta las diez" -> "until ten". */
const NUMBERS: ReadonlyArray<readonly [string, string]> = [
  ['one', 'una'],
  ['two', 'dos'],
  ['three', 'tres'],
  ['four', 'cuatro'],
  ['five', 'cinco'],
  ['six', 'seis'],
  ['seven', 'siete'],
  ['eight', 'ocho'],
  ['nine', 'nueve'],
  ['ten', 'diez'],
  ['eleven', 'once'],
  ['twelve', 'doce'],
  ...Array.from({ length: 12 }, (_, i) => [String(i + 1), String(i + 1)] as const),
];
const PREPOSITIONS: ReadonlyArray<readonly [string, string]> = [
  ['at', 'a'],
  ['until', 'hasta'],
  ['before', 'antes de'],
  ['after', 'después de'],
  ['by', 'para'],
  ['from', 'desde'],
];
export const times: GlossaryTerm[] = NUMBERS.flatMap(([en, es]) => {
  const article = es === 'una' || es === '1' ? 'la' : 'las';
  return PREPOSITIONS.flatMap(([pEn, pEs]): GlossaryTerm[] => [
    { en: `${pEn} ${en} thirty`, es: `${pEs} ${article} ${es} y media` },
    { en: `${pEn} ${en}`, es: `${pEs} ${article} ${es}` },
  ]);
});

/** Tables by number: "to table nine" -> "a la mesa nueve", "la mesa doce" -> "table twelve". */
export const tables: GlossaryTerm[] = [
  ...NUMBERS,
  ['thirteen', 'trece'],
  ['fourteen', 'catorce'],
  ['fifteen', 'quince'],
  ['sixteen', 'dieciséis'],
  ['seventeen', 'diecisiete'],
  ['eighteen', 'dieciocho'],
  ['nineteen', 'diecinueve'],
  ['twenty', 'veinte'],
].map(([en, es]) => ({
  en: `table ${en}`,
  es: [`la mesa ${es === 'una' ? 'uno' : es}`, `mesa ${es === 'una' ? 'uno' : es}`],
}));

/** "Can you ...?" and "I can ..." with the verbs a shift is arranged with: the engines conjugate them wrong. */
const VERBS: ReadonlyArray<readonly [string, string]> = [
  ['start', 'empezar'],
  ['work', 'trabajar'],
  ['help', 'ayudar'],
  ['come', 'venir'],
  ['come in', 'venir'],
  ['bring', 'traer'],
  ['cover', 'cubrir'],
  ['stay', 'quedarte'],
  ['be here', 'estar aquí'],
  ['make it', 'llegar'],
];
export const abilities: GlossaryTerm[] = [
  { en: 'I can only stay', es: 'solo me puedo quedar' },
  ...VERBS.flatMap(([en, es]): GlossaryTerm[] => [
    { en: `can you ${en}`, es: `puedes ${es}` },
    { en: `I can ${en}`, es: `puedo ${es === 'quedarte' ? 'quedarme' : es}` },
  ]),
];
