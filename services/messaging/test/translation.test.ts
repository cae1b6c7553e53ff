import { readFileSync } from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createLogger, sql } from '@brigade/kit';
import { createGoogleTranslator } from '../src/adapters/google-translator';
import { createTranslator } from '../src/adapters/translator';
import { eventually } from '@brigade/kit/testing';
import { startMessaging, type Messaging, type User } from './harness';

// Translation through the real Google SDK (v2 Translate class), pointed with its apiEndpoint option at a
// local HTTPS stand-in of the Cloud Translation v2 REST endpoint. The SDK always speaks HTTPS through its
// HTTP layer's shared keep-alive agent (teeny-request's pool); for this test file only, that pool gets an
// agent that trusts the stand-in's self-signed test certificate. Nothing else about the SDK is replaced.

const cert = readFileSync(new URL('./fixtures/standin-cert.pem', import.meta.url));
const key = readFileSync(new URL('./fixtures/standin-key.pem', import.meta.url));
const API_KEY = 'test-api-key';

const DICTIONARY: Record<string, { lang: string; to: Record<string, string> }> = {
  'Can you bring your own knives?': { lang: 'en', to: { es: '¿Puedes traer tus propios cuchillos?' } },
  'Please arrive 15 minutes early for the briefing.': {
    lang: 'en',
    to: { es: 'Por favor, llega 15 minutos antes para la reunión.' },
  },
  'Sí, llevo mis cuchillos y mi delantal.': {
    lang: 'es',
    to: { en: 'Yes, I am bringing my knives and my apron.' },
  },
  Hello: { lang: 'en', to: { es: 'Hola' } },
  'The chef left two hours before the end of the shift.': {
    lang: 'en',
    to: { es: 'El chef se fue dos horas antes del final del turno.' },
  },
  'Me fui porque la cocina cerró temprano esa noche.': {
    lang: 'es',
    to: { en: 'I left because the kitchen closed early that night.' },
  },
  // As the service sends them: the restaurant glossary's terms taken out (placeholders Google leaves as they
  // are), put back in the other language after (issue 32).
  'Zq0x your own Zq1x?': { lang: 'en', to: { es: '¿Zq0x tus propios Zq1x?' } },
  'Zq0x Zq1x 15 minutes early for the briefing.': {
    lang: 'en',
    to: { es: 'Zq0x Zq1x 15 minutos antes para la reunión.' },
  },
  'Sí, llevo Zq0x y Zq1x.': { lang: 'es', to: { en: 'Yes, I am bringing Zq0x and Zq1x.' } },
  'The chef left two hours before the end of Zq0x.': {
    lang: 'en',
    to: { es: 'El chef se fue dos horas antes del final de Zq0x.' },
  },
  'Me fui porque Zq0x cerró temprano esa noche.': {
    lang: 'es',
    to: { en: 'I left because Zq0x closed early that night.' },
  },
};

interface Call {
  key: string | null;
  q: string[];
  target: string;
  format: string;
  source?: string;
}
const calls: Call[] = [];
let failNext = 0;
/** How the stand-in fails the next `failNext` calls: Google's 400, a 500, or no answer at all. */
let failMode: 'invalid' | '500' | 'hang' = 'invalid';
let standIn: https.Server;
let endpoint: string;
const sdkRequire = createRequire(createRequire(import.meta.url).resolve('@google-cloud/common'));
const sdkAgents: { pool: Map<string, unknown> } = sdkRequire('teeny-request/build/src/agents');

let m: Messaging;
let restaurant: User;
let chef: User;
let job: Awaited<ReturnType<Messaging['postJob']>>;

beforeAll(async () => {
  process.env.METADATA_SERVER_DETECTION = 'none';
  standIn = https.createServer({ key, cert }, (req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://127.0.0.1');
      if (req.method !== 'POST' || url.pathname !== '/language/translate/v2') {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 404, message: 'Not found' } }));
        return;
      }
      const body = JSON.parse(raw) as Omit<Call, 'key'>;
      calls.push({ ...body, key: url.searchParams.get('key') });
      if (url.searchParams.get('key') !== API_KEY) {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 400, message: 'API key not valid.' } }));
        return;
      }
      if (failNext > 0) {
        failNext--;
        if (failMode === 'hang') return; // never answered; the adapter's time-out gives up
        if (failMode === '500') {
          res
            .writeHead(500, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { code: 500, message: 'Internal error encountered.' } }));
          return;
        }
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { code: 400, message: 'Invalid Value' } }));
        return;
      }
      const translations = body.q.map((text) => {
        const entry = DICTIONARY[text];
        return {
          translatedText: entry?.to[body.target] ?? text,
          detectedSourceLanguage: entry?.lang ?? body.target,
        };
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: { translations } }));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  endpoint = `127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  sdkAgents.pool.set('https:forever', new https.Agent({ ca: cert, keepAlive: true }));

  m = await startMessaging({
    TRANSLATION_PROVIDER: 'google',
    GOOGLE_TRANSLATE_API_KEY: API_KEY,
    GOOGLE_TRANSLATE_API_ENDPOINT: endpoint,
    TRANSLATE_TIMEOUT_MS: 2000,
    // Retries are translation-retries.test.ts's subject: none comes due while this file counts Google's calls.
    TRANSLATE_RETRY_DELAYS_MS: [600_000],
  });
  restaurant = await m.user('restaurant', { language: 'en', name: 'Blue Door Bistro' });
  chef = await m.user('chef', { language: 'es', name: 'Lucía Ramos' });
  job = await m.postJob(restaurant, 'Prep Cook');
  await m.apply(job, chef);
});
afterAll(async () => {
  await m?.stop();
  (sdkAgents.pool.get('https:forever') as https.Agent | undefined)?.destroy();
  sdkAgents.pool.delete('https:forever');
  await new Promise<void>((resolve) => standIn?.close(() => resolve()));
});

test('the Google adapter sends the text, target and API key to the endpoint it is given and returns the translation', async () => {
  const translator = createGoogleTranslator({ key: API_KEY, apiEndpoint: endpoint, timeoutMs: 5000 });
  const before = calls.length;
  await expect(translator.translate('Hello', 'es')).resolves.toEqual({ text: 'Hola', detectedSource: 'en' });
  expect(calls.slice(before)).toEqual([{ q: ['Hello'], target: 'es', format: 'text', key: API_KEY }]);
});

test('Google is picked first when it has an API key; TRANSLATION_PROVIDER=google without one refuses to start', async () => {
  const logger = createLogger('translation-test');
  const picked = await createTranslator(
    { TRANSLATE_TIMEOUT_MS: 1000, GOOGLE_TRANSLATE_API_KEY: 'k', APERTIUM_URL: 'http://127.0.0.1:1' },
    logger,
  );
  expect(picked).toMatchObject({ enabled: true, provider: 'google', pairs: ['en-es', 'es-en'] });
  await expect(
    createTranslator({ TRANSLATE_TIMEOUT_MS: 1000, TRANSLATION_PROVIDER: 'google' }, logger),
  ).rejects.toThrow(/GOOGLE_TRANSLATE_API_KEY/);
  const off = await createTranslator(
    { TRANSLATE_TIMEOUT_MS: 1000, GOOGLE_TRANSLATE_API_KEY: 'k', TRANSLATION_PROVIDER: 'none' },
    logger,
  );
  expect(off).toMatchObject({ enabled: false, provider: 'none' });
});

test('GET /messages/translation says Google translates en <-> es', async () => {
  const status = await m.call(chef, 'GET', '/messages/translation');
  expect(status).toMatchObject({ status: 200, body: { provider: 'google', pairs: ['en-es', 'es-en'] } });
});

test('a restaurant writing English reaches a Spanish-speaking chef in Spanish, translated once at send time', async () => {
  const before = calls.length;
  const sent = await m.call(restaurant, 'POST', `/messages/job/${job.id}`, {
    content: 'Can you bring your own knives?',
  });
  expect(sent.status).toBe(201);
  // The sender sees what they wrote.
  expect(sent.body.message).toMatchObject({
    content: 'Can you bring your own knives?',
    was_translated: false,
    original_language: 'en',
  });
  expect(calls.length - before).toBe(1);
  // The glossary's terms ("Can you bring", "knives") went to Google as placeholders, and came back in Spanish.
  expect(calls.at(-1)).toMatchObject({ q: ['Zq0x your own Zq1x?'], target: 'es' });

  for (let i = 0; i < 2; i++) {
    const chefView = (await m.call(chef, 'GET', `/messages/job/${job.id}`)).body.messages.at(-1);
    expect(chefView).toMatchObject({
      content: '¿Puedes traer tus propios cuchillos?',
      original_content: 'Can you bring your own knives?',
      was_translated: true,
      original_language: 'en',
      is_from_current_user: false,
    });
  }
  const restaurantView = (await m.call(restaurant, 'GET', `/messages/job/${job.id}`)).body.messages.at(-1);
  expect(restaurantView).toMatchObject({ content: 'Can you bring your own knives?', was_translated: false });
  // Reading, by either side and any number of times, never calls the translator.
  expect(calls.length - before).toBe(1);

  const chefList = (await m.call(chef, 'GET', '/messages/conversations')).body.conversations[0];
  expect(chefList.latest_message.content).toBe('¿Puedes traer tus propios cuchillos?');
});

test('a chef writing Spanish reaches an English-speaking restaurant in English', async () => {
  await m.call(
    chef,
    'POST',
    `/messages/application/${(await m.call(chef, 'GET', '/messages/conversations')).body.conversations[0].application_id}`,
    {
      message: 'Sí, llevo mis cuchillos y mi delantal.',
    },
  );
  const seen = (await m.call(restaurant, 'GET', `/messages/job/${job.id}`)).body.messages.at(-1);
  expect(seen).toMatchObject({
    content: 'Yes, I am bringing my knives and my apron.',
    original_content: 'Sí, llevo mis cuchillos y mi delantal.',
    was_translated: true,
    original_language: 'es',
  });
  const own = (await m.call(chef, 'GET', `/messages/job/${job.id}`)).body.messages.at(-1);
  expect(own).toMatchObject({
    content: 'Sí, llevo mis cuchillos y mi delantal.',
    was_translated: false,
    is_from_current_user: true,
  });
});

test('a message already in the reader’s language is not sent to the translator', async () => {
  const before = calls.length;
  await m.call(chef, 'POST', `/messages/job/${job.id}`, {
    content: 'I will bring everything I need for the shift tomorrow.',
  });
  // The chef prefers Spanish but wrote English to an English-speaking restaurant: nothing to translate.
  expect(calls.length).toBe(before);
  const seen = (await m.call(restaurant, 'GET', `/messages/job/${job.id}`)).body.messages.at(-1);
  expect(seen).toMatchObject({ was_translated: false, original_language: 'en' });
});

test('when the translator fails, the message is still delivered, untranslated and saying so, and queued for a retry', async () => {
  failMode = 'invalid';
  failNext = 1;
  const sent = await m.call(restaurant, 'POST', `/messages/job/${job.id}`, {
    content: 'Please arrive 15 minutes early for the briefing.',
  });
  expect(sent.status).toBe(201);
  const seen = (await m.call(chef, 'GET', `/messages/job/${job.id}`)).body.messages.at(-1);
  expect(seen).toMatchObject({
    content: 'Please arrive 15 minutes early for the briefing.',
    was_translated: false,
    original_language: 'en',
  });
  const queued = await m.database.rows<{ subject: string; attempts: number }>(
    sql`select subject, attempts from messaging.translation_retries where key = ${sent.body.message.id}`,
  );
  expect(queued).toEqual([{ subject: 'message', attempts: 1 }]);
});

test.each<['500' | 'hang']>([['500'], ['hang']])(
  'Google answering %s: the sender gets 201 within the time-out, the chef reads the original, marked untranslated',
  async (mode) => {
    failMode = mode;
    failNext = 5; // more than the SDK's own retry
    try {
      const started = Date.now();
      const sent = await m.call(restaurant, 'POST', `/messages/job/${job.id}`, {
        content: 'Can you bring your own knives?',
      });
      expect(sent.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(2000 + 1500); // TRANSLATE_TIMEOUT_MS plus the send itself
      expect(sent.body.message).toMatchObject({ was_translated: false });
      const seen = (await m.call(chef, 'GET', `/messages/job/${job.id}`)).body.messages.at(-1);
      expect(seen).toMatchObject({
        id: sent.body.message.id,
        content: 'Can you bring your own knives?',
        was_translated: false,
      });
    } finally {
      failNext = 0;
      failMode = 'invalid';
    }
  },
);

describe('dispute statements, translated for the operator', () => {
  test('an English statement reaches the operator with its Spanish translation, once per statement', async () => {
    const text = 'The chef left two hours before the end of the shift.';
    const before = calls.length;
    const id = await m.statement(job, chef, restaurant, text);
    await m.statement(job, chef, restaurant, text, { statementId: id }); // the same statement again
    await eventually(() => expect(m.translations(id)).toHaveLength(1));
    expect(m.translations(id)[0].data).toEqual({
      statement_id: id,
      job_id: job.id,
      translated_text: 'El chef se fue dos horas antes del final del turno.',
      translated_language: 'es',
      provider: 'google',
    });
    expect(calls.slice(before).map((c) => c.target)).toEqual(['es']);
    await new Promise((r) => setTimeout(r, 300));
    expect(m.translations(id)).toHaveLength(1);
  });

  test('a Spanish statement is translated into English', async () => {
    const id = await m.statement(job, chef, chef, 'Me fui porque la cocina cerró temprano esa noche.');
    await eventually(() => expect(m.translations(id)).toHaveLength(1));
    expect(m.translations(id)[0].data).toMatchObject({
      translated_text: 'I left because the kitchen closed early that night.',
      translated_language: 'en',
    });
  });

  test('Google not answering: nothing is answered for the statement yet; it waits for a retry', async () => {
    failMode = 'hang';
    failNext = 5;
    try {
      const id = await m.statement(
        job,
        chef,
        restaurant,
        'The chef left two hours before the end of the shift.',
      );
      await eventually(async () => {
        const queued = await m.database.rows(
          sql`select 1 from messaging.translation_retries where subject = 'text' and key = ${`jobs/dispute_statement/${id}`}`,
        );
        expect(queued).toHaveLength(1);
      }, 6000);
      // "Not translated" is not final because the machine was busy: no null translation is published.
      expect(m.translations(id)).toHaveLength(0);
    } finally {
      failNext = 0;
      failMode = 'invalid';
    }
  });
});
