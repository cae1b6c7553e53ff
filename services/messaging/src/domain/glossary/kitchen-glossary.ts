import type { Glossary } from './glossary';
import { abilities, tables, times } from './kitchen-phrases';
import {
  arrival,
  attire,
  foodSafety,
  instructions,
  menu,
  parking,
  pay,
  positions,
  slang,
  stations,
  timing,
  tools,
} from './kitchen-terms';

/**
 * Brigade's restaurant glossary, English <-> Spanish (Mexican / US Spanish as US kitchens speak it), applied
 * around every machine translation (`glossary.ts` says how). Data: add a term where an engine gets a kitchen
 * word wrong, then check the score (`services/messaging/test/translation-quality.test.ts`, ADR 13).
 *
 * The first form on each side is the one written into that language; the others are also recognised.
 * `g` is the Spanish noun's gender (the article before it agrees), `pl` the plural forms, `start` an
 * imperative (only at the start of a sentence), `callout` a whole-sentence call on the line, `article` a
 * word that is a kitchen term only after an article ("the pass"), `to` one direction only.
 *
 * The hand-written words live in `kitchen-terms.ts`, the phrases made from a few words (times of day, tables,
 * "can you ...") in `kitchen-phrases.ts`; this file puts them together with the fixes for Spain's Spanish.
 */

export const KITCHEN_GLOSSARY: Glossary = {
  terms: {
    attire,
    stations,
    positions,
    tools,
    parking,
    arrival,
    instructions,
    abilities,
    menu,
    foodSafety,
    timing,
    pay,
    slang,
    tables,
    times,
  },
  fixes: {
    // Apertium's en-es pair writes Spain's Spanish: a cook in Minneapolis reads "tu", "papas", "agarrar".
    es: [
      ['vuestro', 'tu'],
      ['vuestra', 'tu'],
      ['vuestros', 'tus'],
      ['vuestras', 'tus'],
      ['os', 'te'],
      ['patatas', 'papas'],
      ['patata', 'papa'],
      ['cacahuete', 'cacahuate'],
      ['cacahuetes', 'cacahuates'],
      ['gamba', 'camarón'],
      ['gambas', 'camarones'],
      ['zumo', 'jugo'],
      ['aparcamiento', 'estacionamiento'],
      ['aparcar', 'estacionarse'],
      ['aparca', 'estaciónate'],
      ['coger', 'agarrar'],
      ['coges', 'agarras'],
      ['coge', 'agarra'],
      ['cojo', 'agarro'],
      ['cogía', 'agarraba'],
      ['cogido', 'agarrado'],
      ['autobús', 'camión'],
      ['anular', 'cancelar'],
      ['anulado', 'cancelado'],
      ['anulada', 'cancelada'],
    ],
    en: [
      ['cookery', 'kitchen'],
      ['ailing', 'sick'],
    ],
  },
};
