import type { Language } from '@brigade/contracts';

/**
 * The keywords people text us (CTIA's and Twilio's opt-out keywords, and their Spanish), matched on the whole
 * trimmed body, case-insensitively. The language is the keyword's own; null where both languages use the word
 * (INFO), then the person's language answers.
 */
export type Keyword = 'stop' | 'start' | 'help';
export type InboundAction = 'opted_out' | 'opted_in' | 'helped' | 'ignored' | 'unknown_number';

const KEYWORDS: Record<string, { keyword: Keyword; language: Language | null }> = {
  STOP: { keyword: 'stop', language: 'en' },
  STOPALL: { keyword: 'stop', language: 'en' },
  UNSUBSCRIBE: { keyword: 'stop', language: 'en' },
  CANCEL: { keyword: 'stop', language: 'en' },
  END: { keyword: 'stop', language: 'en' },
  QUIT: { keyword: 'stop', language: 'en' },
  PARAR: { keyword: 'stop', language: 'es' },
  DETENER: { keyword: 'stop', language: 'es' },
  CANCELAR: { keyword: 'stop', language: 'es' },
  BAJA: { keyword: 'stop', language: 'es' },
  START: { keyword: 'start', language: 'en' },
  UNSTOP: { keyword: 'start', language: 'en' },
  YES: { keyword: 'start', language: 'en' },
  COMENZAR: { keyword: 'start', language: 'es' },
  INICIAR: { keyword: 'start', language: 'es' },
  ALTA: { keyword: 'start', language: 'es' },
  SI: { keyword: 'start', language: 'es' },
  SÍ: { keyword: 'start', language: 'es' },
  HELP: { keyword: 'help', language: 'en' },
  INFO: { keyword: 'help', language: null },
  AYUDA: { keyword: 'help', language: 'es' },
};

/** The keyword a text is, if it is one: `' stop '`, `Stop`, `sí` match; `stop please` does not. */
export function keywordOf(
  body: string,
): { word: string; keyword: Keyword; language: Language | null } | null {
  const word = body.trim().toLocaleUpperCase('es');
  const found = KEYWORDS[word];
  return found ? { word, ...found } : null;
}

/**
 * What we answer, in the keyword's language (else the person's). Twilio's Advanced Opt-Out answers its own
 * English keywords itself; see `answer-inbound-sms.ts` for when we stay silent.
 */
export const KEYWORD_REPLIES: Record<Keyword, Record<Language, (url: string) => string>> = {
  stop: {
    en: () =>
      'Brigade: you will get no more texts from us. Reply START to get them again. Push and email follow your settings.',
    es: () =>
      'Brigade: ya no recibirás mensajes de texto nuestros. Responde COMENZAR para recibirlos de nuevo. Las notificaciones push y el correo siguen tu configuración.',
  },
  start: {
    en: () => 'Brigade: texts are on again. Reply STOP to stop them, HELP for help.',
    es: () =>
      'Brigade: los mensajes de texto están activados otra vez. Responde PARAR para detenerlos, AYUDA para obtener ayuda.',
  },
  help: {
    en: (url) =>
      `Brigade: shift alerts, bookings and payments by text. Manage them at ${url}/settings. Reply STOP to stop texts, START to turn them on. Msg & data rates may apply.`,
    es: (url) =>
      `Brigade: avisos de turnos, reservas y pagos por mensaje de texto. Adminístralos en ${url}/settings. Responde PARAR para detenerlos, COMENZAR para activarlos. Pueden aplicarse tarifas de mensajes y datos.`,
  },
};
