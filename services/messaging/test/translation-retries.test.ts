import { createLogger, listen, MemoryStamps, sql, type RunningServer } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createMessagingService, type MessagingHandle } from '../src/app';
import { startApyStandIn } from './apy-stand-in';
import { startMessaging, type Messaging, type User } from './harness';

// Issue 32: a translation that times out is delivered untranslated and marked so, then retried in the
// background until it lands, and the reader sees it appear. The translator is Apertium's HTTP server as the
// service reaches it (TRANSLATION_PROVIDER=apertium, APERTIUM_URL), here a real HTTP stand-in speaking APy's
// protocol that is slow on purpose (it answers after the service's time-out), or down, and then recovers.
// Its "translation" marks the text with the target language and keeps the rest, placeholders included, so
// the glossary is seen working around it too.

type Mode = 'ok' | 'slow' | 'down';
let mode: Mode = 'ok';
/** Every text the stand-in was asked to translate, in order. */
const asked: string[] = [];
let apy: Awaited<ReturnType<typeof startApyStandIn>>;
let apyUrl: string;
const waiting = new Set<NodeJS.Timeout>();

beforeAll(async () => {
  apy = await startApyStandIn(({ q, answer, res }) => {
    asked.push(q);
    if (mode === 'ok') answer();
    else if (mode === 'down')
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"responseStatus":503}');
    else {
      // slow: the answer comes long after the service gave up waiting (TRANSLATE_TIMEOUT_MS)
      const timer = setTimeout(() => {
        waiting.delete(timer);
        if (!res.destroyed) answer();
      }, 3000);
      waiting.add(timer);
    }
  });
  apyUrl = apy.url;
});
afterAll(async () => {
  for (const timer of waiting) clearTimeout(timer);
  await apy.close();
});

const settings = () => ({
  TRANSLATION_PROVIDER: 'apertium' as const,
  APERTIUM_URL: apyUrl,
  TRANSLATE_TIMEOUT_MS: 300,
  TRANSLATE_RETRY_DELAYS_MS: [200, 400],
  TRANSLATE_RETRY_POLL_MS: 100,
});

describe('a message whose translation timed out', () => {
  let m: Messaging;
  let restaurant: User;
  let chef: User;
  let job: Awaited<ReturnType<Messaging['postJob']>>;
  /** The version stamps the gateway reads to answer unchanged polls itself (ADR 7). */
  const stamps = new MemoryStamps();
  beforeAll(async () => {
    m = await startMessaging(settings(), { stamps });
    restaurant = await m.user('restaurant', { language: 'en', name: 'Blue Door Bistro' });
    chef = await m.user('chef', { language: 'es', name: 'Lucía Ramos' });
    job = await m.postJob(restaurant, 'Line Cook');
    await m.apply(job, chef);
  });
  afterAll(async () => {
    mode = 'ok';
    await m?.stop();
  });

  test('is delivered untranslated at once, then its translation appears in the reader’s next poll and list', async () => {
    mode = 'slow';
    const sent = await m.call(restaurant, 'POST', `/messages/job/${job.id}`, {
      content: 'Wear non-slip shoes and come to the back door at four.',
    });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toMatchObject({ was_translated: false });
    const id = sent.body.message.id;

    // The chef reads it as it was written, marked untranslated; both polls are unchanged while the machine is busy.
    const first = await m.call(chef, 'GET', `/messages/job/${job.id}`);
    expect(first.body.messages.at(-1)).toMatchObject({ id, was_translated: false, original_language: 'en' });
    // the web app's poll: what came after the newest message it has, with the last answer's ETag
    const after = await m.call(chef, 'GET', `/messages/job/${job.id}?since=${id}`);
    expect(after.body.messages).toEqual([]);
    const thread = after.headers.get('etag')!;
    const list = await m.call(chef, 'GET', '/messages/conversations');
    const listEtag = list.headers.get('etag')!;
    expect(list.body.conversations[0].latest_message.content).toBe(
      'Wear non-slip shoes and come to the back door at four.',
    );
    const poll = () =>
      m.call(chef, 'GET', `/messages/job/${job.id}?since=${id}`, undefined, { 'if-none-match': thread });
    expect((await poll()).status).toBe(304);
    // the stamp the gateway answers the chef's polls by while it holds (the chef's inbox)
    const inbox = stamps.key('messaging', `i:${chef.id}`);
    const [stampBefore] = await stamps.read([inbox]);

    // The machine recovers: the retry loop translates it, and the same polls now answer the translation.
    mode = 'ok';
    await eventually(async () => {
      const again = await poll();
      expect(again.status).toBe(200);
      expect(again.body.messages).toEqual([
        expect.objectContaining({
          id,
          was_translated: true,
          content: 'ES: Usa zapatos antideslizantes and ven to la puerta de atrás a las cuatro.',
          original_content: 'Wear non-slip shoes and come to the back door at four.',
        }),
      ]);
    }, 10_000);
    // the gateway's shortcut stops answering 304: the chef's stamp moved
    const [stampAfter] = await stamps.read([inbox]);
    expect(Number(stampAfter)).toBeGreaterThan(Number(stampBefore));
    const relisted = await m.call(chef, 'GET', '/messages/conversations', undefined, {
      'if-none-match': listEtag,
    });
    expect(relisted.status).toBe(200);
    expect(relisted.body.conversations[0].latest_message.content).toMatch(/^ES: Usa zapatos antideslizantes/);
    // The writer still reads what they wrote; nothing waits for the machine any more.
    const own = await m.call(restaurant, 'GET', `/messages/job/${job.id}?chef_id=${chef.id}`);
    expect(own.body.messages.at(-1)).toMatchObject({
      id,
      was_translated: false,
      content: sent.body.message.content,
    });
    expect(await m.database.rows(sql`select 1 from messaging.translation_retries`)).toHaveLength(0);
  });

  test('a later message keeps the poll moving: the reader gets both the new one and the late translation', async () => {
    mode = 'down';
    const late = await m.call(restaurant, 'POST', `/messages/job/${job.id}`, {
      content: 'The walk-in is full.',
    });
    const cursor = late.body.message.id;
    mode = 'ok';
    const next = await m.call(chef, 'POST', `/messages/job/${job.id}`, { content: 'Entendido.' });
    await eventually(async () => {
      const page = await m.call(chef, 'GET', `/messages/job/${job.id}?since=${cursor}`);
      expect(page.body.messages.map((x: { id: string }) => x.id)).toEqual([cursor, next.body.message.id]);
      expect(page.body.messages[0]).toMatchObject({
        was_translated: true,
        content: 'ES: La cámara fría is full.',
      });
    }, 10_000);
  });
});

describe('pending translations', () => {
  test('survive a restart: a new instance on the same database translates what the stopped one could not', async () => {
    const m = await startMessaging(settings());
    let second: { handle: MessagingHandle; server: RunningServer } | undefined;
    try {
      const restaurant = await m.user('restaurant', { language: 'es', name: 'Taquería Lupita' });
      const chef = await m.user('chef', { language: 'en', name: 'Sam Grill' });
      const job = await m.postJob(restaurant, 'Prep Cook');
      await m.apply(job, chef);
      mode = 'down';
      const sent = await m.call(restaurant, 'POST', `/messages/job/${job.id}`, {
        chef_id: chef.id,
        content: 'Estaciónate en el estacionamiento de atrás, por favor.',
      });
      expect(sent.body.message).toMatchObject({ was_translated: false, original_language: 'es' });
      await m.service.stop(); // the process goes away with the translation still owed

      mode = 'ok';
      const handle = await createMessagingService(
        { database: m.database, bus: m.bus, logger: createLogger('messaging-restarted'), keys: m.auth.keys },
        settings(),
      );
      const server = await listen(handle.app);
      second = { handle, server };
      await handle.start({ url: server.url });
      await eventually(async () => {
        const res = await fetch(`${server.url}/messages/job/${job.id}`, {
          headers: { authorization: `Bearer ${chef.token}` },
        });
        const body = (await res.json()) as { messages: Array<Record<string, unknown>> };
        expect(body.messages.at(-1)).toMatchObject({
          id: sent.body.message.id,
          was_translated: true,
          content: 'EN: Park in the lot de atrás, por favor.',
        });
      }, 10_000);
    } finally {
      mode = 'ok';
      await second?.handle.stop();
      await second?.server.close();
      await m.stop();
    }
  });

  test('are tried at most once per delay: after the last delay it repeats, never faster', async () => {
    const m = await startMessaging({ ...settings(), TRANSLATE_RETRY_DELAYS_MS: [100, 150, 600_000] });
    try {
      const restaurant = await m.user('restaurant', { language: 'en', name: 'Blue Door Bistro' });
      const chef = await m.user('chef', { language: 'es', name: 'Lucía Ramos' });
      const job = await m.postJob(restaurant, 'Dishwasher');
      await m.apply(job, chef);
      mode = 'down';
      const text = 'Bring a hair net, we are short on them today.';
      await m.call(restaurant, 'POST', `/messages/job/${job.id}`, { content: text });
      const attempts = () => asked.filter((q) => q.includes('we are short on them today')).length;
      // the send, then one retry after each of the first two delays...
      await eventually(() => expect(attempts()).toBe(3), 10_000);
      // ...then the last delay (10 minutes) holds: no attempt in between, however long the machine stays down.
      await new Promise((r) => setTimeout(r, 1000));
      expect(attempts()).toBe(3);
      const [row] = await m.database.rows<{ attempts: number; wait: number }>(
        sql`select attempts, extract(epoch from next_attempt_at - now()) as wait from messaging.translation_retries`,
      );
      expect(row.attempts).toBe(3);
      expect(Number(row.wait)).toBeGreaterThan(500);
    } finally {
      mode = 'ok';
      await m.stop();
    }
  });
});

describe('texts of jobs and identity', () => {
  let m: Messaging;
  beforeAll(async () => {
    m = await startMessaging(settings());
  });
  afterAll(async () => {
    mode = 'ok';
    await m?.stop();
  });

  test('a cancellation reason is answered only when its translation lands, once', async () => {
    mode = 'slow';
    const jobId = crypto.randomUUID();
    const writtenAt = new Date().toISOString();
    const id = await m.text('jobs', 'cancellation_reason', 'Our walk-in broke down, sorry.', {
      id: jobId,
      jobId,
      writtenAt,
    });
    await eventually(async () => {
      const queued = await m.database.rows(
        sql`select 1 from messaging.translation_retries where key = ${`jobs/cancellation_reason/${id}`}`,
      );
      expect(queued).toHaveLength(1);
    });
    expect(m.textTranslations(id)).toHaveLength(0);
    // the same event again while it waits: nothing more is asked of the machine
    await m.text('jobs', 'cancellation_reason', 'Our walk-in broke down, sorry.', { id, jobId, writtenAt });
    mode = 'ok';
    await eventually(() => expect(m.textTranslations(id)).toHaveLength(1), 10_000);
    expect(m.textTranslations(id)[0].data).toEqual({
      owner: 'jobs',
      kind: 'cancellation_reason',
      id,
      written_at: writtenAt,
      job_id: jobId,
      original_language: 'en',
      translated_text: 'ES: Nuestra cámara fría se descompuso, perdón.',
      translated_language: 'es',
      provider: 'apertium',
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(m.textTranslations(id)).toHaveLength(1);
  });

  test('a restaurant’s description in Spanish goes into English; a newer version replaces a pending one', async () => {
    mode = 'down';
    const id = crypto.randomUUID();
    const older = new Date(Date.now() - 60_000).toISOString();
    await m.text('identity', 'restaurant_description', 'Cocina mexicana de familia.', {
      id,
      writtenAt: older,
      language: 'es',
    });
    await eventually(async () => {
      const rows = await m.database.rows(
        sql`select 1 from messaging.text_translations where text_id = ${id}`,
      );
      expect(rows).toHaveLength(1);
    });
    mode = 'ok';
    const newer = new Date().toISOString();
    await m.text('identity', 'restaurant_description', 'Somos una taquería familiar.', {
      id,
      writtenAt: newer,
      language: 'es',
    });
    await eventually(() => expect(m.textTranslations(id).length).toBeGreaterThanOrEqual(1), 10_000);
    await new Promise((r) => setTimeout(r, 800)); // the older version's retry comes due meanwhile
    expect(m.textTranslations(id).map((e) => e.data)).toEqual([
      expect.objectContaining({
        written_at: newer,
        original_language: 'es',
        translated_text: 'EN: Somos una taquería familiar.',
        translated_language: 'en',
      }),
    ]);
  });

  test('a dispute statement written while the machine is down reaches the operator translated later', async () => {
    mode = 'down';
    const restaurant = await m.user('restaurant', { language: 'en' });
    const chef = await m.user('chef', { language: 'es' });
    const job = await m.postJob(restaurant, 'Server');
    const id = await m.statement(job, chef, chef, 'Trabajé el turno completo.');
    await eventually(async () => {
      const rows = await m.database.rows(
        sql`select 1 from messaging.translation_retries where key like ${`%${id}`}`,
      );
      expect(rows).toHaveLength(1);
    });
    expect(m.translations(id)).toHaveLength(0);
    mode = 'ok';
    await eventually(() => expect(m.translations(id)).toHaveLength(1), 10_000);
    expect(m.translations(id)[0].data).toMatchObject({
      statement_id: id,
      translated_text: 'EN: Trabajé the shift completo.',
      translated_language: 'en',
    });
  });
});

test('with translation off, a text is answered at once as not translated, for good', async () => {
  const m = await startMessaging({ TRANSLATION_PROVIDER: 'none' });
  try {
    const id = await m.text('jobs', 'job_description', 'Busy Friday night, two cooks on the line.');
    await eventually(() => expect(m.textTranslations(id)).toHaveLength(1));
    expect(m.textTranslations(id)[0].data).toMatchObject({
      original_language: 'en',
      translated_text: null,
      translated_language: 'es',
      provider: 'none',
    });
    expect(await m.database.rows(sql`select 1 from messaging.translation_retries`)).toHaveLength(0);
  } finally {
    await m.stop();
  }
});
