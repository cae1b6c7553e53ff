// Issue 40: the verification mail, in the account's language, as plain text and simple HTML.

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const WORDS = {
  en: {
    subject: 'Confirm your email for Brigade',
    hello: 'Hello,',
    body: 'Please confirm that this is your email address by opening this link:',
    button: 'Confirm my email',
    expires: (hours: number) => `The link works once, for ${hours} hours.`,
    ignore: 'If you did not sign up for Brigade, you can ignore this email.',
  },
  es: {
    subject: 'Confirme su correo electrónico en Brigade',
    hello: 'Hola:',
    body: 'Confirme que esta es su dirección de correo electrónico abriendo este enlace:',
    button: 'Confirmar mi correo',
    expires: (hours: number) => `El enlace funciona una sola vez, durante ${hours} horas.`,
    ignore: 'Si no se registró en Brigade, puede ignorar este correo.',
  },
} as const;

export function verificationMail(input: { language: 'en' | 'es'; link: string; ttlMs: number }) {
  const w = WORDS[input.language];
  const hours = Math.max(1, Math.round(input.ttlMs / 3_600_000));
  const text = [w.hello, '', w.body, input.link, '', w.expires(hours), w.ignore, '', 'Brigade'].join('\n');
  const href = escape(input.link);
  const html = `<!doctype html>
<html lang="${input.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a">
<p>${escape(w.hello)}</p>
<p>${escape(w.body)}</p>
<p><a href="${href}" style="display:inline-block;padding:12px 20px;background:#b5441b;color:#fff;border-radius:6px;text-decoration:none">${escape(w.button)}</a></p>
<p style="word-break:break-all"><a href="${href}">${href}</a></p>
<p>${escape(w.expires(hours))} ${escape(w.ignore)}</p>
<p>Brigade</p>
</body></html>`;
  return { subject: w.subject, text, html };
}
