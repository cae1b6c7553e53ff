import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  APPEAL_STATEMENT_MAX,
  ERROR_CODE_LIST,
  LIMITS,
  MESSAGES,
  POLICY_TEXTS,
  shiftTemplatesHttp,
} from '@brigade/contracts';
import i18n from './i18n';
import { apiErrorText, loadServerTexts, serverText, serverTextKey } from './serverText';

const locales = path.join(process.cwd(), 'web/src/locales');
const errorsFile = (lang: string) =>
  JSON.parse(readFileSync(path.join(locales, lang, 'errors.json'), 'utf8')) as Record<string, unknown>;
const at = (tree: unknown, keyPath: string[]): unknown =>
  keyPath.reduce<unknown>(
    (t, k) => (t && typeof t === 'object' ? (t as Record<string, unknown>)[k] : undefined),
    tree,
  );

/** The English sentences the contracts' request schemas give zod (`.min(1, '...')`, `{ error: '...' }`). */
function contractSentences(): string[] {
  const dir = path.join(process.cwd(), 'contracts/src/http');
  const found = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
    const src = readFileSync(path.join(dir, file), 'utf8');
    for (const m of src.matchAll(
      /(?:error: |, |\.(?:min|max|regex|email|refine|int|uuid)\()(['"`])([A-Z][^'"`]{3,})\1/g,
    ))
      found.add(
        m[2]
          .replace('${LIMITS.messageMax}', String(LIMITS.messageMax))
          .replace('${TEMPLATE_NAME_MAX}', String(shiftTemplatesHttp.TEMPLATE_NAME_MAX))
          .replace('${APPEAL_STATEMENT_MAX}', String(APPEAL_STATEMENT_MAX)),
      );
    for (const m of src.matchAll(/MESSAGES\.(\w+)/g)) found.add(MESSAGES[m[1] as keyof typeof MESSAGES]);
  }
  // route summaries quoted in descriptions are not answers
  return [...found].filter((s) => !/^(GET|POST|PUT|PATCH|DELETE) \//.test(s));
}

async function inLanguage(lang: 'en' | 'es', fn: () => void) {
  await i18n.changeLanguage(lang);
  try {
    fn();
  } finally {
    await i18n.changeLanguage('en');
  }
}

// the base query loads the table of the spec's sentences with the first call; these tests read it directly
beforeAll(() => loadServerTexts());

describe('error texts', () => {
  test.each(['en', 'es'])('every error code of the contracts has a text in %s', (lang) => {
    const tree = errorsFile(lang);
    const missing = ERROR_CODE_LIST.filter((code) => {
      const text = at(tree, ['codes', ...code.split('.')]);
      return typeof text !== 'string' || !text.trim();
    });
    expect(missing).toEqual([]);
  });

  test("every sentence of the contracts' request schemas has a text of ours in both languages", () => {
    const sentences = contractSentences();
    expect(sentences.length).toBeGreaterThan(30);
    const unmapped = sentences.filter((s) => !serverTextKey(s));
    expect(unmapped).toEqual([]);
    for (const lang of ['en', 'es']) {
      const tree = errorsFile(lang);
      const missing = sentences.filter((s) => typeof at(tree, ['texts', serverTextKey(s)!.key]) !== 'string');
      expect(missing).toEqual([]);
    }
  });

  test('a wrong verification code reads in Spanish for a Spanish reader, in English otherwise', async () => {
    const body = { error: 'Invalid verification code', code: 'IDENTITY.INVALID_CODE' };
    await inLanguage('es', () => expect(apiErrorText(body, 'x')).toBe('Código de verificación incorrecto'));
    await inLanguage('en', () => expect(apiErrorText(body, 'x')).toBe('Invalid verification code'));
  });

  test("a validation error with one of the spec's sentences reads in Spanish, with its numbers", async () => {
    await inLanguage('es', () => {
      expect(
        apiErrorText({ error: 'Please enter a valid email address', code: 'VALIDATION.FAILED' }, 'x'),
      ).toBe('Ingresa un correo electrónico válido');
      expect(
        apiErrorText(
          { error: `Message must be ${LIMITS.messageMax} characters or less`, code: 'VALIDATION.FAILED' },
          'x',
        ),
      ).toBe(`El mensaje debe tener ${LIMITS.messageMax} caracteres o menos`);
    });
  });

  test("a validation error in zod's own words: the server's English for English readers, our general text in Spanish", async () => {
    const body = { error: 'hourly_rate: Too small: expected number to be >=15', code: 'VALIDATION.FAILED' };
    await inLanguage('en', () => expect(apiErrorText(body, 'x')).toBe(body.error));
    await inLanguage('es', () =>
      expect(apiErrorText(body, 'x')).toBe('Algunos datos no son válidos. Revisa el formulario.'),
    );
  });

  test("a code the web does not know shows the server's text; no body shows the screen's own", async () => {
    await inLanguage('es', () => {
      expect(apiErrorText({ error: 'Brand new refusal', code: 'JOBS.SOMETHING_NEW' }, 'x')).toBe(
        'Brand new refusal',
      );
      expect(apiErrorText(undefined, 'No se pudo cargar')).toBe('No se pudo cargar');
    });
  });

  test("the server's success sentences read in Spanish; an unknown one gives the screen's own text", async () => {
    await inLanguage('es', () => {
      expect(serverText('Phone verified successfully', 'x')).toBe('Teléfono verificado correctamente');
      expect(serverText('Something else entirely', 'Listo')).toBe('Listo');
    });
  });

  test("the policy's refusal to cancel a started shift reads in the screen's language, whichever the server used", async () => {
    for (const lang of ['en', 'es'] as const)
      await inLanguage(lang, () => {
        for (const said of [POLICY_TEXTS.en.cancel_started, POLICY_TEXTS.es.cancel_started])
          expect(serverText(said, 'x')).toBe(POLICY_TEXTS[lang].cancel_started);
      });
  });
});
