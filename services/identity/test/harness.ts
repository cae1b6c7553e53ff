import { randomUUID } from 'node:crypto';
import type { EventInput, EventType } from '@brigade/contracts';
import { createLogger, listen, type RunningServer } from '@brigade/kit';
import { createTestBus, createTestDatabase, type TestBus, type TestDatabase } from '@brigade/kit/testing';
import { startTestSmsSandbox, type TestSmsSandbox } from '@brigade/sandbox-sms/testing';
import { startTestMailSandbox, type TestMailSandbox } from '@brigade/sandbox-mail/testing';
import { loadIdentityConfig } from '../src/config';
import { createIdentityService, loadMigrations, type IdentityService } from '../src/app';

export interface Harness {
  url: string;
  service: IdentityService;
  database: TestDatabase;
  testBus: TestBus;
  post(path: string, body: unknown, token?: string): Promise<{ status: number; body: any }>;
  get(path: string, token?: string): Promise<{ status: number; body: any }>;
  patch(path: string, body: unknown, token?: string): Promise<{ status: number; body: any }>;
  form(path: string, form: FormData, token?: string): Promise<{ status: number; body: any }>;
  /** Publish an event on the bus the way its producer's relay would (validated against its contract). */
  publish<T extends EventType>(type: T, data: EventInput<T>, id?: string): Promise<string>;
  /** The newest code texted to a phone in the sandbox outbox. */
  lastCode(phone: string): Promise<string>;
  /** The SMS sandbox's outbox, newest first (null when Twilio keys were given). */
  sms: TestSmsSandbox | null;
  /** Issue 40: the mail sandbox identity mails into (with `{ mail: true }`), else null. */
  mail: TestMailSandbox | null;
  close(): Promise<void>;
}

/**
 * The real identity service in-process on a real database and bus, reached over HTTP; without Twilio keys in
 * `env`, its SDK texts into the SMS sandbox (`sandboxes/sms`, on its own port and database, as the embedded
 * runner starts it).
 */
export async function startIdentity(
  env: Record<string, string> = {},
  options: { now?: () => Date; mail?: boolean } = {},
): Promise<Harness> {
  const database = await createTestDatabase('identity', await loadMigrations());
  const testBus = await createTestBus();
  const sms = env.TWILIO_ACCOUNT_SID ? null : await startTestSmsSandbox();
  const mail = options.mail ? await startTestMailSandbox() : null;
  const config = loadIdentityConfig({
    ARGON2_MEMORY_KIB: '1024',
    SMS_SANDBOX: '1',
    ...(sms ? { TWILIO_VERIFY_API_BASE_URL: sms.url } : {}),
    ...(mail ? { SMTP_URL: mail.smtpUrl } : {}),
    ...env,
  });
  const service = await createIdentityService(
    { database, bus: testBus.bus, logger: createLogger('identity-test') },
    config,
    options,
  );
  const server: RunningServer = await listen(service.app);
  await service.start({ url: server.url });
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = typeof body === 'string' ? body : JSON.stringify(body);
    }
    const res = await fetch(server.url + path, { method, headers, body: payload });
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed };
  };
  return {
    url: server.url,
    service,
    database,
    testBus,
    post: (p, b, t) => call('POST', p, b, t),
    get: (p, t) => call('GET', p, undefined, t),
    patch: (p, b, t) => call('PATCH', p, b, t),
    form: (p, f, t) => call('POST', p, f, t),
    async publish(type, data, id = randomUUID()) {
      await testBus.bus.publish({
        id,
        type,
        occurred_at: new Date().toISOString(),
        producer: type.split('.')[0],
        data,
      });
      return id;
    },
    sms,
    mail,
    async lastCode(phone) {
      const [msg] = (await sms?.outbox({ to: phone, limit: 1 })) ?? [];
      const m = /(\d{6})/.exec(msg?.body ?? '');
      if (!m) throw new Error(`no code texted to ${phone}`);
      return m[1];
    },
    async close() {
      await service.stop();
      await server.close();
      await testBus.destroy();
      await database.destroy();
      await sms?.close();
      await mail?.close();
    },
  };
}

/** A new account signed up through the API (refused unless 201): its session. */
export async function signUp(h: Harness, type: 'chef' | 'restaurant' = 'chef') {
  const res = await h.post('/auth/signup', newAccount(type));
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.session as { access_token: string; refresh_token: string; user: { id: string } };
}

let counter = 0;
export function newAccount(type: 'chef' | 'restaurant' | 'worker', extra: Record<string, unknown> = {}) {
  counter += 1;
  const n = String(1000 + counter).slice(-4);
  return {
    email: `user${Date.now()}${counter}@example.com`,
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
    phone: `(612) 555-${n}`,
    userType: type,
    languagePreference: 'en',
    tosAccepted: true,
    ...extra,
  };
}

/** A tiny valid PNG (1x1). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Issue 39: files as a phone or a scanner makes them, and one that only pretends to be a PDF. */
export const JPEG_PHOTO = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64, 7),
  Buffer.from([0xff, 0xd9]),
]);
export const PDF_SCAN = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
/** A Windows program (MZ header, PE signature) named as a PDF by whoever sends it. */
export const EXE_AS_PDF = (() => {
  const bytes = Buffer.alloc(512, 0);
  bytes.write('MZ', 0, 'latin1');
  bytes.writeUInt32LE(0x80, 0x3c);
  bytes.write('PE\0\0', 0x80, 'latin1');
  return bytes;
})();
