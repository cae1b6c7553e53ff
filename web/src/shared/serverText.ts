import { formatDateTime, formatTime } from './format';
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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A time or a span of a refusal, in the zone the refusal names: "Mon, Jan 5, 8:53 AM – 12:53 PM CST". */
function zoned(start: string, end: string | null, zone: string | null): string {
  const timeZone = zone ?? undefined;
  if (!end) return formatDateTime(start, timeZone);
  return `${formatDateTime(start, timeZone)} – ${formatTime(end, timeZone, true)}`;
}

/**
 * The facts some refusals carry beside their code (issue 32), said in the reader's language: which shift the
 * chef holds and when (`booked`: a chef reads its position and restaurant, a restaurant only the time), and when
 * checkout opens (`opens_at`). The key (errors namespace, `details.*`) and its values, or null.
 */
function detailOf(
  code: string | null,
  body: Record<string, unknown>,
): { key: string; values: Record<string, string> } | null {
  if (code === 'JOBS.OVERLAPPING_SHIFT' && isRecord(body.booked)) {
    const b = body.booked;
    const start = text(b.start_time);
    if (!start) return null;
    const time = zoned(start, text(b.end_time), text(b.time_zone));
    const title = text(b.title);
    if (!title) return { key: 'JOBS.OVERLAPPING_SHIFT_restaurant', values: { time } };
    return {
      key: b.confirmed === false ? 'JOBS.OVERLAPPING_SHIFT_awaiting' : 'JOBS.OVERLAPPING_SHIFT_chef',
      values: {
        time,
        title: i18n.t(`catalog:positions.${title}`, { defaultValue: title }),
        restaurant: text(b.restaurant_name) ?? i18n.t('errors:details.JOBS.aRestaurant'),
      },
    };
  }
  if (code === 'JOBS.CHECKOUT_NOT_OPEN') {
    const at = text(body.opens_at);
    if (at) return { key: 'JOBS.CHECKOUT_NOT_OPEN', values: { time: zoned(at, null, text(body.time_zone)) } };
  }
  return null;
}

/**
 * The text for an error answer `{ error, code }`: one of the spec's sentences in the reader's language, else the
 * code's text with the facts the answer carries (`detailOf`), else the text of its code, else (a code the web does not know) the server's own `error`, else `fallback`.
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
  const detail = isRecord(body) ? detailOf(code, body) : null;
  if (detail && i18n.exists(`errors:details.${detail.key}`))
    return i18n.t(`errors:details.${detail.key}`, detail.values);
  if (code && i18n.exists(`errors:codes.${code}`)) return i18n.t(`errors:codes.${code}`);
  return error ?? fallback;
}

/** The spec's fallback text, "An error occurred.", in the reader's language. */
export function genericError(): string {
  return i18n.t('errors:generic');
}
