import { withGlossary } from '../src/adapters/glossary-translator';
import type { Translator } from '../src/adapters/translation-port';
import { protectTerms } from '../src/domain/glossary/glossary';
import { KITCHEN_GLOSSARY } from '../src/domain/glossary/kitchen-glossary';

// The restaurant glossary's mechanism (issue 32), without an engine: what is taken out of a text, and how
// the engine's answer is put back together. An engine that changes nothing stands in for the real ones
// (translation-quality.test.ts measures the glossary on Apertium itself).

const en2es = (text: string) => protectTerms(KITCHEN_GLOSSARY, text, 'en', 'es');
const es2en = (text: string) => protectTerms(KITCHEN_GLOSSARY, text, 'es', 'en');
/** The terms put back into the text as the engine would return it untouched. */
const through = (p: ReturnType<typeof en2es>) => p.restore(p.text);

test('kitchen terms leave the text as placeholders and come back in the other language', () => {
  const p = en2es('Wear non-slip shoes.');
  expect(p.text).toBe('Zq0x Zq1x.');
  expect(through(p)).toBe('Usa zapatos antideslizantes.');
  expect(through(en2es('Park in the lot.'))).toBe('Estaciónate en el estacionamiento.');
  expect(through(es2en('Pon las charolas en la cámara fría.'))).toBe('Put the sheet pans en the walk-in.');
});

test('the article before a noun is written to agree with the target noun', () => {
  expect(through(en2es('leave it in the walk-in'))).toBe('leave it in la cámara fría');
  expect(through(en2es('Our walk-in broke down'))).toBe('Nuestra cámara fría se descompuso');
  expect(through(en2es('they went to the lowboy'))).toBe('they went to el refrigerador bajo');
  expect(through(en2es('it is next to the lowboy'))).toBe('it is junto al refrigerador bajo');
  expect(through(es2en('detrás del área de lavado'))).toBe('detrás of the dish pit');
  expect(through(es2en('Necesito una charola'))).toBe('Necesito a sheet pan');
});

test('an imperative only at the start of a sentence, or after "and" that follows one', () => {
  expect(through(en2es('Wash your hands and change your gloves.'))).toBe(
    'Lávate las manos and cambia tus guantes.',
  );
  // "use" in the middle of a sentence is left to the engine
  expect(en2es('We use fresh tortillas.').terms).toBe(0);
  expect(through(en2es('Please use the back door.'))).toBe('Por favor usa la puerta de atrás.');
});

test('calls are calls only when they are the whole sentence; "the lot" is a lot only with its article', () => {
  expect(through(en2es('Behind!'))).toBe('¡Atrás!');
  expect(en2es('The walk-in is behind the dish pit.').text).toBe('Zq0x is behind Zq1x.');
  expect(en2es('We have a lot of prep today.').text).not.toContain('Zq');
  expect(through(en2es('I need six burgers all day.'))).toBe('I need six hamburguesas en total.');
  expect(en2es('I am free all day.').text).toBe('I am free all day.');
});

test('Spanish questions get their opening mark; Spain’s words of the engine are made Mexican', () => {
  const p = en2es('Can you bring your knives?');
  // the engine writes Spain's Spanish around the placeholders
  expect(p.restore(p.text.replace('your', 'vuestros'))).toBe('¿Puedes traer tus cuchillos?');
  expect(en2es('Ya llegué, where do I go?').restore('Ya llegué, dónde voy?')).toBe('Ya llegué, ¿dónde voy?');
  expect(en2es('We love potatoes.').restore('Nos encantan las patatas.')).toBe('Nos encantan las papas.');
});

test('text that already looks like a placeholder is left alone; a lost placeholder gives no restoration', () => {
  expect(en2es('Code Zq1x for the walk-in').terms).toBe(0);
  const p = en2es('Clean the walk-in.');
  expect(p.restore('Limpia.')).toBeNull();
});

test('the wrapper translates again without the glossary when the engine loses a placeholder', async () => {
  const asked: string[] = [];
  const lossy: Translator = {
    enabled: true,
    provider: 'apertium',
    pairs: ['en-es', 'es-en'],
    via: 'an engine that drops unknown words',
    async translate(text) {
      asked.push(text);
      return { text: text.replace(/Zq\d+x/g, '').trim() || 'vacío', detectedSource: null };
    },
  };
  const wrapped = withGlossary(lossy, KITCHEN_GLOSSARY);
  expect(wrapped.via).toBe('an engine that drops unknown words, with the kitchen glossary');
  expect((await wrapped.translate('Clean the walk-in now.', 'es', 'en')).text).toBe('Clean the walk-in now.');
  expect(asked).toEqual(['Zq0x Zq1x now.', 'Clean the walk-in now.']);
});
