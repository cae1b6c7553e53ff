import { z } from 'zod';

/** Every error body the API returns: a human text and a stable code (SERVICE.REASON). */
export const ErrorBody = z
  .object({ error: z.string(), code: z.string() })
  .catchall(z.unknown())
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Uuid = z.string().uuid();
export const IsoDateTime = z.string().datetime({ offset: true });

/** Accepts a JSON-serialized value (multipart form field) or the value itself. */
export function jsonField<T extends z.ZodTypeAny>(schema: T, message = 'Invalid JSON field') {
  return z
    .preprocess((value) => {
      if (typeof value !== 'string') return value;
      if (value.trim() === '') return undefined;
      try {
        return JSON.parse(value);
      } catch {
        return { __invalidJson: message };
      }
    }, schema)
    .meta({ 'x-json-text': true }); // documented as the value or its JSON text (openapi.ts)
}

/** Accepts a number or a numeric string (query strings, multipart fields). */
export const NumberLike = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.number(),
);

/** One documented route: the OpenAPI document and the gateway's route table are built from these. */
export interface RouteDoc {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path under /api, OpenAPI style: /jobs/{id}/apply */
  path: string;
  summary: string;
  /** public: no bearer token needed. */
  auth: 'public' | 'user' | 'chef' | 'restaurant' | 'operator';
  body?: z.ZodTypeAny;
  /** `form`: application/x-www-form-urlencoded, as a provider's webhook posts it (Twilio). */
  bodyType?: 'json' | 'multipart' | 'raw' | 'form';
  query?: z.ZodObject;
  /**
   * What a success answers: its JSON body (`response`) and/or files (`fileTypes`, their media types: an
   * iCalendar file `text/calendar`, a CSV export `text/csv`). A route with both answers either (`?format=csv`).
   */
  response?: z.ZodTypeAny;
  fileTypes?: string[];
  status?: number;
  /** A polled GET that answers an ETag, and 304 with no body to If-None-Match while unchanged. */
  conditional?: boolean;
}

/**
 * The translation kept beside a text one side wrote for the other (issue 32: a job's description, a
 * cancellation reason, a dispute note, a restaurant's description), made once when it was written. A reader
 * in `translated_language` reads `translated_text`, marked "Translated from ... · Show original"; a reader in
 * another language than `language` with no translation reads the original, marked "Not translated".
 */
export const TextTranslation = z
  .object({
    /** the language it was written in (the writer's preference until the translator detects it) */
    language: z.enum(['en', 'es']),
    /** the text in the other language; null until translated, or when it is not translated */
    translated_text: z.string().nullable(),
    translated_language: z.enum(['en', 'es']).nullable(),
  })
  .meta({ id: 'TextTranslation' });
export type TextTranslation = z.infer<typeof TextTranslation>;
