export const uniquePhone = () => `612555${String(1000 + Math.floor(Math.random() * 8999))}`;
export const uniqueEmail = (type: string) =>
  `${type}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;

/**
 * The 6-digit code of the newest SMS the dev outbox (GET /api/dev/sms) holds for this phone: the outbox lists
 * newest first, and after "Resend code" only the newest code is valid.
 */
export async function smsCode(baseUrl: string, phone: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/dev/sms`);
  const { messages } = (await res.json()) as { messages: { to: string; body: string }[] };
  const message = messages.find((m) => m.to === `+1${phone}`);
  if (!message) throw new Error(`no SMS for ${phone}`);
  return /(\d{6})/.exec(message.body)![1];
}
