import type { Language, NotificationType, notificationsHttp } from '@brigade/contracts';

// Issue 40: what a push says. Pushes carry no personal data beyond the title and a link: a title by the
// notification's type, a generic line, the page it opens. The words themselves wait in the inbox.

const WORDS: Record<Language, { titles: Record<NotificationType, string>; body: string }> = {
  en: {
    titles: {
      shift_alerts: 'Brigade: shift alert',
      booking_changes: 'Brigade: booking update',
      reminders: 'Brigade: reminder',
      money: 'Brigade: money',
      messages: 'Brigade: new message',
      disputes: 'Brigade: dispute update',
      account: 'Brigade: your account',
    },
    body: 'Open Brigade to see it.',
  },
  es: {
    titles: {
      shift_alerts: 'Brigade: aviso de turno',
      booking_changes: 'Brigade: cambio de reserva',
      reminders: 'Brigade: recordatorio',
      money: 'Brigade: dinero',
      messages: 'Brigade: mensaje nuevo',
      disputes: 'Brigade: novedad de una disputa',
      account: 'Brigade: tu cuenta',
    },
    body: 'Abre Brigade para verlo.',
  },
};

/** The push of one notification: its type's title and line in `language`, and its page (or the inbox). */
export function pushPayloadOf(input: {
  type: NotificationType;
  language: Language;
  /** The page the notification is about, as a path (`inboxTextOf`), or null. */
  link: string | null;
}): notificationsHttp.PushPayload {
  const w = WORDS[input.language];
  return {
    type: input.type,
    title: w.titles[input.type],
    body: w.body,
    url: input.link && input.link.startsWith('/') ? input.link : '/inbox',
  };
}

/** Hosts a subscription endpoint may be on: `host` exactly, or `*.suffix` for any subdomain of it. */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const h = host.toLowerCase();
  return allowed.some((a) =>
    a.startsWith('*.') ? h.endsWith(a.slice(1)) && h.length > a.length - 1 : h === a,
  );
}
