import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createUser, jobFacts, newJob, publish, textsTo, useNotifications } from './harness';

// Issue 39: an operator hid a review that breaks the rules: its author and the side it is about are each texted
// once, in their language, that it no longer shows or counts, with the operator's reason.

const h = useNotifications();

async function handled(n: number) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.processed_events where consumer = 'notifications.review-hidden'`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(n);
  });
  await h.svc.handle.scheduler.tick();
}

test("a hidden review is texted to its author and to the side reviewed, once each, in each one's language", async () => {
  const restaurant = await createUser(h.bus, h.database, { type: 'restaurant', name: 'Casa Verde' });
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Luis Vega', language: 'es' });
  const job = newJob(restaurant, h.clock, 'Line Cook', -30);
  await publish(h.bus, 'jobs.job.posted.v1', {
    ...jobFacts(job),
    subtotal_cents: 10_000,
    fee_cents: 700,
    total_cents: 10_700,
    notify_favorites: [],
  });
  const hidden = {
    review_id: randomUUID(),
    job_id: job.id,
    seat_no: 1,
    application_id: randomUUID(),
    chef_id: chef.id,
    restaurant_id: restaurant.id,
    author_side: 'restaurant' as const,
    author_id: restaurant.id,
    subject_id: chef.id,
    subject_type: 'chef' as const,
    rating: 1,
    was_published: true,
    reason: 'Personal phone numbers are not allowed',
    operator_id: randomUUID(),
    hidden_at: new Date().toISOString(),
  };
  const id = await publish(h.bus, 'jobs.review.hidden.v1', hidden);
  await publish(h.bus, 'jobs.review.hidden.v1', hidden, id);
  await publish(h.bus, 'jobs.review.hidden.v1', hidden);
  await handled(2);

  const toAuthor = await textsTo(h.svc.url, restaurant.phone, /hid your review/);
  expect(toAuthor).toHaveLength(1);
  expect(toAuthor[0].body).toMatch(
    /^Brigade: our team hid your review of Luis Vega for "Line Cook" on .+: Personal phone numbers are not allowed\. It no longer shows on their profile or counts in their rating\.$/,
  );
  const toChef = await textsTo(h.svc.url, chef.phone, /ocultó/);
  expect(toChef).toHaveLength(1);
  expect(toChef[0].body).toMatch(
    /^Brigade: nuestro equipo ocultó la reseña sobre ti de Casa Verde por el turno "Cocinero de línea" del .+: Personal phone numbers are not allowed\. Ya no aparece en tu perfil ni cuenta en tu calificación\.$/,
  );
});
