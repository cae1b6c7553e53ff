import { randomUUID } from 'node:crypto';
import type { EventInput, EventEnvelope, EventType } from '@brigade/contracts';
import {
  createLogger,
  listen,
  sql,
  type RunningServer,
  type ServiceHandle,
  type VersionStamps,
} from '@brigade/kit';
import {
  createTestAuth,
  createTestBus,
  createTestDatabase,
  eventually,
  type TestBus,
  type TestDatabase,
} from '@brigade/kit/testing';
import { createMessagingService, loadMigrations, type RetrySettings } from '../src/app';
import type { TranslatorSettings } from '../src/adapters/translator';

export interface User {
  id: string;
  type: 'chef' | 'restaurant';
  language: 'en' | 'es';
  token: string;
}

/**
 * The real messaging service in-process (port 0) on a test database and bus, plus what the other services
 * would do: publish their events. `published` collects what messaging itself publishes. The translator is
 * chosen by each test file: none unless `config` names one (TRANSLATION_PROVIDER: the machine may have
 * Apertium installed, which `auto` would find).
 */
export async function startMessaging(
  config: Partial<TranslatorSettings> & RetrySettings = {},
  options: { stamps?: VersionStamps } = {},
) {
  const database: TestDatabase = await createTestDatabase('messaging', await loadMigrations());
  const testBus: TestBus = await createTestBus();
  const auth = await createTestAuth();
  const logger = createLogger('messaging-test');
  const service: ServiceHandle = await createMessagingService(
    { database, bus: testBus.bus, logger, keys: auth.keys, stamps: options.stamps },
    { TRANSLATE_TIMEOUT_MS: 4000, TRANSLATION_PROVIDER: 'none', ...config },
  );
  const published: EventEnvelope[] = [];
  await testBus.bus.subscribe({
    queue: 'messaging-test.observer',
    types: [
      'messaging.message.sent.v1',
      'messaging.thread.read.v1',
      'messaging.statement.translated.v1',
      'messaging.text.translated.v1',
    ],
    handler: async (event) => {
      published.push(event);
    },
  });
  const server: RunningServer = await listen(service.app);
  await service.start({ url: server.url });

  async function publish<T extends EventType>(type: T, data: EventInput<T>, producer = type.split('.')[0]) {
    await testBus.bus.publish({
      id: randomUUID(),
      type,
      occurred_at: new Date().toISOString(),
      producer,
      data,
    });
  }

  async function user(
    type: 'chef' | 'restaurant',
    options: { language?: 'en' | 'es'; name?: string } = {},
  ): Promise<User> {
    const id = randomUUID();
    const language = options.language ?? 'en';
    await publish('identity.user.registered.v1', {
      user_id: id,
      email: `${id}@example.com`,
      phone: '+16125550100',
      user_type: type,
      language_preference: language,
      created_at: new Date().toISOString(),
    });
    if (options.name) await profile({ id, type, language }, options.name);
    // Identity's events travel on their own queues: wait until messaging knows this user's language and name.
    await eventually(async () => {
      const rows = await database.rows<{ language: string; name: string | null }>(
        sql`select language, name from messaging.participants where user_id = ${id}`,
      );
      expect(rows[0]).toMatchObject({ language, name: options.name ?? null });
    });
    return { id, type, language, token: await auth.token({ id, type, language }) };
  }

  async function profile(
    u: { id: string; type: 'chef' | 'restaurant'; language: 'en' | 'es' },
    name: string,
  ) {
    const common = {
      profile_id: randomUUID(),
      user_id: u.id,
      name,
      city: 'Minneapolis',
      state: 'MN',
      latitude: 44.9778,
      longitude: -93.265,
      average_rating: null,
      total_ratings: 0,
      language_preference: u.language,
    };
    if (u.type === 'chef') {
      await publish('identity.chef_profile.updated.v1', {
        ...common,
        bio: '',
        travel_radius: 15,
        skills: [],
        profile_image_url: null,
        hourly_rate_min: null,
      });
    } else {
      await publish('identity.restaurant_profile.updated.v1', {
        ...common,
        description: '',
        address: '1 Main St',
        logo_url: null,
        cuisine_types: [],
      });
    }
  }

  async function postJob(restaurant: User, title = 'Line Cook', jobId: string = randomUUID()) {
    const start = new Date(Date.now() + 86_400_000);
    await publish('jobs.job.posted.v1', {
      job_id: jobId,
      restaurant_id: restaurant.id,
      title,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
      hourly_rate_cents: 2000,
      emergency_level: 'normal',
      subtotal_cents: 8000,
      fee_cents: 560,
      total_cents: 8560,
      notify_favorites: [],
    });
    return { id: jobId, title, restaurant };
  }

  /** The chef applies (jobs publishes the event); resolves once messaging shows the conversation. */
  async function apply(job: { id: string; title: string; restaurant: User }, chef: User) {
    const applicationId = randomUUID();
    await applicationEvent('jobs.application.submitted.v1', job, chef, applicationId);
    await eventually(async () => {
      const res = await call(chef, 'GET', '/messages/conversations');
      expect(res.body.conversations.map((c: any) => c.application_id)).toContain(applicationId);
    });
    return applicationId;
  }

  async function applicationEvent(
    type:
      | 'jobs.application.submitted.v1'
      | 'jobs.application.accepted.v1'
      | 'jobs.application.rejected.v1'
      | 'jobs.application.cancelled.v1',
    job: { id: string; title: string; restaurant: User },
    chef: User,
    applicationId: string,
  ) {
    const start = new Date(Date.now() + 86_400_000);
    const facts = {
      application_id: applicationId,
      job_id: job.id,
      job_title: job.title,
      chef_id: chef.id,
      chef_profile_id: null,
      restaurant_id: job.restaurant.id,
      start_time: start.toISOString(),
      end_time: new Date(start.getTime() + 4 * 3_600_000).toISOString(),
    };
    if (type === 'jobs.application.cancelled.v1') await publish(type, { ...facts, was_accepted: false });
    else await publish(type, facts);
  }

  async function call(
    u: Pick<User, 'token'> | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(u ? { authorization: `Bearer ${u.token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }

  /** An operator of the platform team (the console's routes). */
  async function operator(): Promise<{ token: string }> {
    return { token: await auth.token({ type: 'operator' }) };
  }

  /** Jobs: a side of a disputed job wrote a statement (`id` repeats a delivery). */
  async function statement(
    job: { id: string; title: string; restaurant: User },
    chef: User,
    author: User,
    text: string,
    options: { statementId?: string; eventId?: string } = {},
  ) {
    const statementId = options.statementId ?? randomUUID();
    await testBus.bus.publish({
      id: options.eventId ?? randomUUID(),
      type: 'jobs.dispute.statement_added.v1',
      occurred_at: new Date().toISOString(),
      producer: 'jobs',
      data: {
        statement_id: statementId,
        job_id: job.id,
        job_title: job.title,
        chef_id: chef.id,
        restaurant_id: job.restaurant.id,
        author_id: author.id,
        author_side: author.type,
        text,
        language: author.language,
        created_at: new Date().toISOString(),
      },
    });
    return statementId;
  }

  /** Jobs or identity wrote a text for the other side (issue 32); `writtenAt` names its version. */
  async function text(
    owner: 'jobs' | 'identity',
    kind: 'job_description' | 'cancellation_reason' | 'dispute_note' | 'restaurant_description',
    words: string,
    options: {
      id?: string;
      writtenAt?: string;
      language?: 'en' | 'es';
      jobId?: string | null;
      eventId?: string;
    } = {},
  ) {
    const id = options.id ?? randomUUID();
    await testBus.bus.publish({
      id: options.eventId ?? randomUUID(),
      type: owner === 'jobs' ? 'jobs.text.written.v1' : 'identity.text.written.v1',
      occurred_at: new Date().toISOString(),
      producer: owner,
      data: {
        owner,
        kind,
        id,
        written_at: options.writtenAt ?? new Date().toISOString(),
        job_id: options.jobId ?? null,
        text: words,
        language: options.language ?? 'en',
      },
    });
    return id;
  }

  /** What messaging published about a text (issue 32). */
  function textTranslations(id: string) {
    return published.filter(
      (e) => e.type === 'messaging.text.translated.v1' && (e.data as { id: string }).id === id,
    );
  }

  /** What messaging published about a statement. */
  function translations(statementId: string) {
    return published.filter(
      (e) =>
        e.type === 'messaging.statement.translated.v1' &&
        (e.data as { statement_id: string }).statement_id === statementId,
    );
  }

  async function stop() {
    await service.stop();
    await server.close();
    await testBus.destroy();
    await database.destroy();
  }

  return {
    service,
    /** The test keys: tokens of their own (a session id to revoke), another service instance's keys. */
    auth,
    database,
    bus: testBus.bus,
    published,
    publish,
    user,
    profile,
    postJob,
    apply,
    applicationEvent,
    call,
    operator,
    statement,
    translations,
    text,
    textTranslations,
    stop,
    url: server.url,
  };
}

export type Messaging = Awaited<ReturnType<typeof startMessaging>>;
