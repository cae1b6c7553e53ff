import i18n from './i18n';

// What the server says, in the reader's language. Errors carry a stable `code` (contracts/src/errors.ts lists
// them all; locales/{en,es}/errors.json has a text for each); validation errors (VALIDATION.FAILED) and a few
// success answers carry the spec's English sentences, which are mapped here to texts of ours. The server's own
// English is shown only for a code the web does not know.

type ServerTexts = ReadonlyArray<readonly [english: string | RegExp, key: string]>;

let table: ServerTexts = [];
let loading: Promise<void> | undefined;

/**
 * Loads the table of the spec's sentences (serverTexts.ts, a chunk of its own: no page needs it before the server
 * has answered, so the landing page's first paint goes without it). The base query starts it with every call and
 * hands an answer over only once it is in, so every text the server sends is read with it. A failed load is
 * tried again with the next call (meanwhile a sentence reads as its code's text, or as the server wrote it).
 */
export function loadServerTexts(): Promise<void> {
  loading ??= import('./serverTexts').then(
    (m) => {
      table = m.SERVER_TEXTS;
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/** The key (errors namespace, `texts.*`) of one of the spec's English sentences, with its values. */
export function serverTextKey(english: string): { key: string; values: Record<string, string> } | null {
  const text = english.trim();
  for (const [pattern, key] of table) {
    if (typeof pattern === 'string') {
      if (pattern === text) return { key, values: {} };
    } else {
      const m = pattern.exec(text);
      if (m) return { key, values: { ...m.groups } };
    }
  }
  return null;
}

const isEnglish = () => (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('en');

/**
 * A sentence from the server (a success `message`, a validation text) in the reader's language: ours when it is
 * one of the spec's, else the server's own when the reader reads English, else `fallback`.
 */
export function serverText(english: string | null | undefined, fallback: string): string {
  if (!english) return fallback;
  const known = serverTextKey(english);
  if (known) return i18n.t(`errors:texts.${known.key}`, known.values);
  return isEnglish() ? english : fallback;
}

/**
 * The text for an error answer `{ error, code }`: one of the spec's sentences in the reader's language, else the
 * text of its code, else (a code the web does not know) the server's own `error`, else `fallback`.
 * A validation error whose sentence is not one of the spec's reads as the server wrote it in English and as the
 * code's general text in Spanish.
 */
export function apiErrorText(body: { error?: unknown; code?: unknown } | null | undefined, fallback: string) {
  const code = typeof body?.code === 'string' ? body.code : null;
  const error = typeof body?.error === 'string' && body.error ? body.error : null;
  if (error) {
    // zod's own messages come with the field in front ("hourly_rate: Too small...").
    const known = serverTextKey(error) ?? serverTextKey(error.replace(/^[\w.]+: /, ''));
    if (known) return i18n.t(`errors:texts.${known.key}`, known.values);
    if (code === 'VALIDATION.FAILED' && isEnglish()) return error;
  }
  if (code && i18n.exists(`errors:codes.${code}`)) return i18n.t(`errors:codes.${code}`);
  return error ?? fallback;
}

/** The spec's fallback text, "An error occurred.", in the reader's language. */
export function genericError(): string {
  return i18n.t('errors:generic');
}
