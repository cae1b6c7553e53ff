import type { Language, NotificationType } from '@brigade/contracts';

// Issue 40: a notification as an email, in the reader's language: the same words as its text and inbox entry,
// as plain text and simple HTML, with the page it is about and a one-click unsubscribe (RFC 8058) for its type.

export interface EmailMessage {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const WORDS: Record<
  Language,
  {
    open: string;
    why: (type: string) => string;
    unsubscribe: (type: string) => string;
    settings: string;
    types: Record<NotificationType, string>;
  }
> = {
  en: {
    open: 'Open in Brigade',
    why: (type) => `You get this email because email is on for ${type} in your Brigade settings.`,
    unsubscribe: (type) => `Stop emails about ${type}`,
    settings: 'Choose how each kind reaches you',
    types: {
      shift_alerts: 'shift offers and alerts',
      booking_changes: 'booking changes',
      reminders: 'reminders',
      money: 'money',
      messages: 'messages',
      disputes: 'disputes and decisions',
      account: 'your account',
    },
  },
  es: {
    open: 'Abrir en Brigade',
    why: (type) =>
      `Recibes este correo porque el correo está activado para ${type} en tu configuración de Brigade.`,
    unsubscribe: (type) => `No recibir más correos sobre ${type}`,
    settings: 'Elige cómo te llega cada tipo',
    types: {
      shift_alerts: 'ofertas y alertas de turnos',
      booking_changes: 'cambios de reservas',
      reminders: 'recordatorios',
      money: 'dinero',
      messages: 'mensajes',
      disputes: 'disputas y decisiones',
      account: 'tu cuenta',
    },
  },
};

const SUBJECT_MAX = 90;
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The subject: "Brigade: " and the text's first sentence, cut at a word when long. */
export function subjectOf(text: string): string {
  const first = text.match(/^.+?[.!?](?=\s|$)/)?.[0] ?? text;
  const cut = first.length <= SUBJECT_MAX ? first : `${first.slice(0, SUBJECT_MAX).replace(/\s+\S*$/, '')}…`;
  return `Brigade: ${cut.replace(/\.$/, '')}`;
}

/**
 * The email of one notification: its words (the inbox entry's `text`), a link to its page when it has one, why
 * the person gets it, and the unsubscribe link, also in the List-Unsubscribe headers for one-click mail clients.
 */
export function renderEmail(input: {
  language: Language;
  type: NotificationType;
  text: string;
  /** the page, as an absolute URL */
  pageUrl: string | null;
  unsubscribeUrl: string;
  settingsUrl: string;
}): EmailMessage {
  const w = WORDS[input.language];
  const type = w.types[input.type];
  const text = [
    input.text,
    ...(input.pageUrl ? ['', `${w.open}: ${input.pageUrl}`] : []),
    '',
    '--',
    w.why(type),
    `${w.unsubscribe(type)}: ${input.unsubscribeUrl}`,
    `${w.settings}: ${input.settingsUrl}`,
  ].join('\n');
  const link = (href: string, label: string, style = '') =>
    `<a href="${escapeHtml(href)}"${style ? ` style="${style}"` : ''}>${escapeHtml(label)}</a>`;
  const html = [
    `<!doctype html><html lang="${input.language}"><body style="font-family:sans-serif;color:#1f1b18;max-width:560px">`,
    `<p style="font-size:16px;line-height:1.5">${escapeHtml(input.text)}</p>`,
    input.pageUrl
      ? `<p>${link(input.pageUrl, w.open, 'display:inline-block;padding:10px 16px;background:#b3261e;color:#fff;border-radius:6px;text-decoration:none')}</p>`
      : '',
    `<hr><p style="font-size:13px;color:#5f5954">${escapeHtml(w.why(type))}<br>`,
    `${link(input.unsubscribeUrl, w.unsubscribe(type))} · ${link(input.settingsUrl, w.settings)}</p>`,
    '</body></html>',
  ].join('');
  return {
    subject: subjectOf(input.text),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
