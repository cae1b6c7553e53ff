import { randomUUID } from 'node:crypto';
import {
  bookChef,
  chefWithProfile,
  client,
  eventually,
  HOUR,
  openJob,
  publish,
  published,
  restaurantWithProfile,
  useHarness,
  user,
  waitForEvent,
} from './harness';

// Issue 32: what a restaurant or an operator writes on a job (its description, the reason for cancelling, the
// decision's note) reaches the other side in their language. Jobs asks messaging to translate each text
// (jobs.text.written.v1) and keeps the answer (messaging.text.translated.v1) beside the text, for the version
// it was made of; readers get the original, its language and the translation, and the web app shows the one
// in their language with its mark. Messaging is played here by publishing its answer.
const h = useHarness();

type Kind = 'job_description' | 'cancellation_reason' | 'dispute_note';

/** What jobs asked messaging to translate about a job. */
const asked = (kind: Kind, jobId: string) =>
  published(h, 'jobs.text.written.v1', (d) => d.kind === kind && d.id === jobId);

/** Messaging's answer for a text of a job. */
async function translated(
  kind: Kind,
  jobId: string,
  writtenAt: string,
  text: string | null,
  languages: { from: 'en' | 'es'; to: 'en' | 'es' } = { from: 'en', to: 'es' },
) {
  await publish(h, 'messaging.text.translated.v1', {
    owner: 'jobs',
    kind,
    id: jobId,
    written_at: writtenAt,
    job_id: jobId,
    original_language: languages.from,
    translated_text: text,
    translated_language: languages.to,
    provider: 'apertium',
  });
}

describe("a job's description", () => {
  test('goes to messaging in the writer’s language, and its translation reaches a Spanish-speaking chef', async () => {
    const r = await restaurantWithProfile(h, 'Blue Door');
    const chef = await chefWithProfile(h, { language: 'es' });
    const job = await openJob(h, r, {
      description: 'Wear non-slip shoes. Park in the lot behind the building.',
    });
    const [request] = await eventually(() => {
      const found = asked('job_description', job.id);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(request).toMatchObject({
      owner: 'jobs',
      id: job.id,
      job_id: job.id,
      language: 'en',
      text: 'Wear non-slip shoes. Park in the lot behind the building.',
    });

    // Before the translation lands: the original, marked as written in English, nothing translated.
    const before = await chef.api.get(`/jobs/${job.id}`);
    expect(before.body.job.description_translation).toEqual({
      language: 'en',
      translated_text: null,
      translated_language: null,
    });
    const list = await chef.api.get('/jobs?status=open');
    const etag = list.headers.get('etag')!;
    expect(etag).toBeTruthy();

    const spanish = 'Usa zapatos antideslizantes. Estaciónate en el estacionamiento detrás del edificio.';
    await translated('job_description', job.id, request.written_at, spanish);
    await eventually(async () => {
      const after = await chef.api.get(`/jobs/${job.id}`);
      expect(after.body.job).toMatchObject({
        description: 'Wear non-slip shoes. Park in the lot behind the building.',
        description_translation: { language: 'en', translated_text: spanish, translated_language: 'es' },
      });
    });
    // The chefs' open list moves with it (a poll with the old ETag is answered anew).
    const relisted = await chef.api.get('/jobs?status=open', { 'if-none-match': etag });
    expect(relisted.status).toBe(200);
    expect(
      relisted.body.jobs.find((j: { id: string }) => j.id === job.id).description_translation,
    ).toMatchObject({
      translated_text: spanish,
    });
  });

  test('a translation of another version of the text is not kept', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r, { description: 'Bring your knives.' });
    await eventually(() => expect(asked('job_description', job.id)).toHaveLength(1));
    await translated('job_description', job.id, new Date(Date.now() - HOUR).toISOString(), 'Trae otra cosa.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seen = await r.api.get(`/jobs/${job.id}`);
    expect(seen.body.job.description_translation.translated_text).toBeNull();
  });

  test('no description, nothing to translate', async () => {
    const r = await restaurantWithProfile(h);
    const job = await openJob(h, r);
    const seen = await r.api.get(`/jobs/${job.id}`);
    expect(seen.body.job.description_translation).toBeNull();
    expect(asked('job_description', job.id)).toHaveLength(0);
  });
});

describe("the restaurant's reason for cancelling", () => {
  test('reaches the booked Spanish-speaking chef translated, marked as written in English', async () => {
    const r = await restaurantWithProfile(h, 'Taquería Lupita');
    const chef = await chefWithProfile(h, { language: 'es' });
    const job = await openJob(h, r);
    await bookChef(job, r, chef);
    const cancelled = await r.api.post(`/jobs/${job.id}/cancel`, {
      reason: 'Our walk-in broke down, sorry.',
    });
    expect(cancelled.status).toBe(200);
    const request = await waitForEvent(
      h,
      'jobs.text.written.v1',
      (d) => d.kind === 'cancellation_reason' && d.id === job.id,
    );
    expect(request).toMatchObject({ text: 'Our walk-in broke down, sorry.', language: 'en' });

    const untranslated = await chef.api.get(`/jobs/${job.id}`);
    expect(untranslated.body.job.cancellation).toMatchObject({
      reason: 'Our walk-in broke down, sorry.',
      reason_translation: { language: 'en', translated_text: null },
    });
    await translated(
      'cancellation_reason',
      job.id,
      request.written_at,
      'Se descompuso nuestra cámara fría, perdón.',
    );
    await eventually(async () => {
      const seen = await chef.api.get(`/jobs/${job.id}`);
      expect(seen.body.job.cancellation.reason_translation).toEqual({
        language: 'en',
        translated_text: 'Se descompuso nuestra cámara fría, perdón.',
        translated_language: 'es',
      });
    });
    // the chef's own list of shifts says it too
    const apps = await chef.api.get('/applications');
    expect(apps.body.applications[0].job_postings.cancellation.reason_translation.translated_text).toBe(
      'Se descompuso nuestra cámara fría, perdón.',
    );
  });

  test('a restaurant writing in Spanish is translated into English; no reason, nothing to translate', async () => {
    const r = await restaurantWithProfile(h);
    const spanishOwner = client(h, await h.token({ id: r.id, type: 'restaurant', language: 'es' }));
    const job = await openJob(h, r);
    await spanishOwner.post(`/jobs/${job.id}/cancel`, { reason: 'Cerramos por un evento privado.' });
    const request = await waitForEvent(
      h,
      'jobs.text.written.v1',
      (d) => d.kind === 'cancellation_reason' && d.id === job.id,
    );
    expect(request.language).toBe('es');
    await translated(
      'cancellation_reason',
      job.id,
      request.written_at,
      'We are closed for a private event.',
      {
        from: 'es',
        to: 'en',
      },
    );
    await eventually(async () => {
      const seen = await r.api.get(`/jobs/${job.id}`);
      expect(seen.body.job.cancellation.reason_translation).toEqual({
        language: 'es',
        translated_text: 'We are closed for a private event.',
        translated_language: 'en',
      });
    });

    const silent = await openJob(h, r);
    await r.api.post(`/jobs/${silent.id}/cancel`, {});
    const seen = await r.api.get(`/jobs/${silent.id}`);
    expect(seen.body.job.cancellation.reason_translation).toBeNull();
    expect(asked('cancellation_reason', silent.id)).toHaveLength(0);
  });
});

describe("the operator's note on a dispute decision", () => {
  test('both parties read it in their language, and the operator’s case file has it too', async () => {
    const r = await restaurantWithProfile(h, 'Blue Door');
    const chef = await chefWithProfile(h, { name: 'Ana Ruiz', language: 'es' });
    const job = await openJob(h, r);
    const appId = await bookChef(job, r, chef);
    h.clock.advance(29 * HOUR); // past the end: checkout opens there
    await r.api.post(`/applications/${appId}/checkout`, { workCompleted: false });
    await chef.api.post(`/applications/${appId}/checkout`, { rating: 5, workCompleted: true });
    const spanishChef = client(h, await h.token({ id: chef.id, type: 'chef', language: 'es' }));
    const operator = client(h, await h.token({ id: randomUUID(), type: 'operator', language: 'en' }));
    const note = 'Both sides agree the shift ended early, so the chef is paid half.';
    const decided = await operator.post(`/ops/disputes/${job.id}/resolve`, { chef_pay_cents: 4000, note });
    expect(decided.status).toBe(200);
    const request = await waitForEvent(
      h,
      'jobs.text.written.v1',
      (d) => d.kind === 'dispute_note' && d.id === job.id,
    );
    expect(request).toMatchObject({ text: note, language: 'en' });

    const spanish =
      'Las dos partes están de acuerdo en que el turno terminó antes, así que al chef se le paga la mitad.';
    await translated('dispute_note', job.id, request.written_at, spanish);
    await eventually(async () => {
      const seen = await spanishChef.get(`/jobs/${job.id}`);
      expect(seen.body.job.dispute.resolution).toMatchObject({
        note,
        note_translation: { language: 'en', translated_text: spanish, translated_language: 'es' },
      });
    });
    const owners = await r.api.get(`/jobs/${job.id}`);
    expect(owners.body.job.dispute.resolution.note_translation.translated_text).toBe(spanish);
    const caseFile = await operator.get(`/ops/disputes/${job.id}`);
    expect(caseFile.body.dispute.resolution.note_translation.translated_text).toBe(spanish);
    const stranger = await user(h, 'chef');
    expect((await stranger.api.get(`/jobs/${job.id}`)).status).toBe(404);
  });
});
