import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createUser, publish, textsTo, useNotifications } from './harness';

// Issue 39's texts: a chef hears, in their language and once each, that an operator verified their credential,
// rejected or revoked it (with the operator's reason), and that a verified one expires soon (its date), each
// with the link to their Credentials page.

const h = useNotifications();

async function handled(consumer: string, n: number) {
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.processed_events where consumer = ${`notifications.${consumer}`}`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(n);
  });
  await h.svc.handle.scheduler.tick();
}

const facts = (chefId: string, type: 'food_handler' | 'alcohol_server' = 'food_handler') => ({
  chef_id: chefId,
  credential_id: randomUUID(),
  type,
  expires_on: '2027-06-30',
});

test('verified, then expiring: the chef is texted once each, with the date', async () => {
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz' });
  const c = facts(chef.id);
  const id = await publish(h.bus, 'identity.credential.verified.v1', {
    ...c,
    verified_at: new Date().toISOString(),
  });
  await publish(
    h.bus,
    'identity.credential.verified.v1',
    { ...c, verified_at: new Date().toISOString() },
    id,
  );
  await publish(h.bus, 'identity.credential.verified.v1', { ...c, verified_at: new Date().toISOString() });
  await handled('credential-verified', 2);
  const verified = await textsTo(h.svc.url, chef.phone, /was verified/);
  expect(verified.map((t) => t.body)).toEqual([
    'Brigade: your food handler card was verified. Shifts that require it are open to you now: https://brigade.test/credentials',
  ]);

  await publish(h.bus, 'identity.credential.expiring.v1', c);
  await handled('credential-expiring', 1);
  const [expiring] = await textsTo(h.svc.url, chef.phone, /expires on/);
  expect(expiring.body).toBe(
    'Brigade: your food handler card expires on Jun 30, 2027. From that day shifts that require it close to you: add the renewed one: https://brigade.test/credentials',
  );
});

test("rejected and revoked carry the operator's reason; Spanish agrees with the credential's name", async () => {
  const chef = await createUser(h.bus, h.database, { type: 'chef', name: 'Beto Paz', language: 'es' });
  const card = facts(chef.id);
  await publish(h.bus, 'identity.credential.rejected.v1', {
    ...card,
    reason: 'La foto está borrosa',
    rejected_at: new Date().toISOString(),
  });
  const certificate = facts(chef.id, 'alcohol_server');
  await publish(h.bus, 'identity.credential.revoked.v1', {
    ...certificate,
    reason: 'El condado lo canceló',
    revoked_at: new Date().toISOString(),
  });
  await handled('credential-rejected', 1);
  await handled('credential-revoked', 1);
  const [rejected] = await textsTo(h.svc.url, chef.phone, /no fue aceptada/);
  expect(rejected.body).toBe(
    'Brigade: tu tarjeta de manipulador de alimentos no fue aceptada: La foto está borrosa. Agrégala de nuevo con una foto clara o un PDF: https://brigade.test/credentials',
  );
  const [revoked] = await textsTo(h.svc.url, chef.phone, /ya no está/);
  expect(revoked.body).toBe(
    'Brigade: tu certificado de servicio de alcohol ya no está verificado: El condado lo canceló. Los turnos que lo requieren están cerrados para ti hasta que agregues uno válido: https://brigade.test/credentials',
  );
});
