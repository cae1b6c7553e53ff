import { apertiumMode, cleanApertiumOutput } from './apertium-text';
import { PRODUCT_PAIRS, type Translation, type Translator } from './translation-port';

export interface ApertiumApyOptions {
  /** Where APy listens, e.g. http://apertium:2737 (docker compose's `apertium` service). */
  url: string;
  /** One request takes at most this long (node's fetch with an AbortSignal). */
  timeoutMs: number;
}

interface ApyAnswer {
  responseData?: { translatedText?: unknown } | null;
  responseDetails?: unknown;
  responseStatus?: unknown;
}

/**
 * Apertium's HTTP server (APy): `POST /translate` with `langpair=eng|spa`, `q` and `markUnknown=no`, answered
 * `{ responseData: { translatedText }, responseStatus: 200 }`. APy keeps its pipelines running between
 * requests, so a translation costs no process start. Like the command, it needs the source language
 * (`from`).
 */
export function createApertiumApyTranslator(options: ApertiumApyOptions): Translator {
  const endpoint = new URL('translate', options.url.endsWith('/') ? options.url : `${options.url}/`);
  return {
    enabled: true,
    provider: 'apertium',
    pairs: PRODUCT_PAIRS,
    via: `apertium-apy at ${options.url}`,
    async translate(text: string, to: string, from?: string): Promise<Translation> {
      const source = from ?? (to === 'en' ? 'es' : 'en');
      if (source === to) return { text, detectedSource: null };
      const mode = apertiumMode(source, to);
      if (!mode) throw new Error(`apertium does not translate ${source} to ${to}`);
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ langpair: mode.replace('-', '|'), q: text, markUnknown: 'no' }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const body = await res.text(); // a time-out while reading aborts here too
      let answer: ApyAnswer | null = null;
      try {
        answer = JSON.parse(body) as ApyAnswer;
      } catch {
        // not APy's JSON: said below
      }
      const translated = answer?.responseData?.translatedText;
      if (!res.ok || answer?.responseStatus !== 200 || typeof translated !== 'string')
        throw new Error(
          `apertium-apy answered ${res.status}: ${String(answer?.responseDetails ?? 'no translation')}`,
        );
      return { text: cleanApertiumOutput(translated, text), detectedSource: null };
    },
  };
}

/**
 * The directions APy says it translates (`GET /listPairs`), for a warning at start when the en-es pair is
 * missing; null when it does not answer (it may still be starting: translations then fail until it does).
 */
export async function listApyPairs(url: string, timeoutMs: number): Promise<string[] | null> {
  try {
    const res = await fetch(new URL('listPairs', url.endsWith('/') ? url : `${url}/`), {
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await res.json()) as {
      responseData?: Array<{ sourceLanguage: string; targetLanguage: string }>;
    };
    return (answer.responseData ?? []).map((p) => `${p.sourceLanguage}-${p.targetLanguage}`);
  } catch {
    return null;
  }
}
