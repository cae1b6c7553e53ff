import { createHmac } from 'node:crypto';

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the account's auth token, of the
 * URL Twilio called followed by each form field's name and value, sorted by name. The services check it with
 * the official SDK's `validateRequest`, so the sandbox's webhooks are checked exactly as Twilio's are.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(Buffer.from(data, 'utf-8')).digest('base64');
}

/** The `<Message>` texts of a TwiML answer (what Twilio would text back to the sender). */
export function twimlMessages(xml: string): string[] {
  const out: string[] = [];
  for (const m of xml.matchAll(/<Message(?:\s[^>]*)?>([\s\S]*?)<\/Message>/g)) out.push(unescapeXml(m[1]));
  return out;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

export interface WebhookAnswer {
  status: number;
  text: string;
}

/**
 * POST a signed form as Twilio does. `url` is the address Twilio would call (and signs); `reach` maps it to the
 * address the sandbox actually connects to (the same, except where a test stands in for the gateway).
 */
export async function postSigned(
  url: string,
  params: Record<string, string>,
  authToken: string,
  reach: (url: string) => string = (u) => u,
): Promise<WebhookAnswer> {
  const res = await fetch(reach(url), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(authToken, url, params),
      'user-agent': 'TwilioProxy/1.1',
    },
    body: new URLSearchParams(params).toString(),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, text: await res.text() };
}
