import { randomUUID } from 'node:crypto';
import { sql } from '@brigade/kit';
import { eventually } from '@brigade/kit/testing';
import { createUser, publish, smsRows, textsTo, useNotifications } from './harness';

// Issue 38 (instant payout): the chef is texted, in their language, when an instant payout reaches the debit
// card and when it fails (the money back in the balance, the fee returned). Once per payout: a redelivery or a
// replay sends nothing more.

const h = useNotifications();

const facts = (chefId: string, fee = 150) => ({
  payout_id: randomUUID(),
  chef_id: chefId,
  amount_cents: 10_000,
  fee_cents: fee,
  net_cents: 10_000 - fee,
});

test('a failed instant payout: the chef reads that the money is back and the fee returned, once, in their language', async () => {
  const ben = await createUser(h.bus, h.database, { type: 'chef', name: 'Ben Cole' });
  const ana = await createUser(h.bus, h.database, { type: 'chef', name: 'Ana Ruiz', language: 'es' });
  const failed = (chefId: string) => ({
    ...facts(chefId),
    provider_payout_id: 'po_1',
    failure_code: 'could_not_process',
    failure_message: 'The bank could not process this payout.',
  });
  const toBen = failed(ben.id);
  const id = await publish(h.bus, 'payments.instant_payout.failed.v1', toBen);
  await publish(h.bus, 'payments.instant_payout.failed.v1', toBen, id);
  await publish(h.bus, 'payments.instant_payout.failed.v1', toBen);
  await publish(h.bus, 'payments.instant_payout.failed.v1', failed(ana.id));

  const [en] = await textsTo(h.svc.url, ben.phone, /could not be sent/);
  expect(en.body).toBe(
    'Brigade: your instant payout of $98.50 could not be sent to your debit card (The bank could not process this payout.). The $100.00 is back in your balance and the $1.50 fee is returned: https://brigade.test/earnings',
  );
  const [es] = await textsTo(h.svc.url, ana.phone, /no se pudo enviar/);
  expect(es.body).toBe(
    'Brigade: tu pago instantáneo de $98.50 no se pudo enviar a tu tarjeta de débito. Los $100.00 volvieron a tu saldo y se te devuelve el cargo de $1.50: https://brigade.test/earnings',
  );
  await eventually(async () => {
    const rows = await h.database.rows<{ n: number }>(
      sql`select count(*)::int as n from notifications.processed_events where consumer = 'notifications.instant-payout-failed'`,
    );
    expect(Number(rows[0].n)).toBeGreaterThanOrEqual(3);
  });
  expect(
    (await smsRows(h.database, ben.id)).filter((r) => r.template === 'instant_payout_failed_chef'),
  ).toHaveLength(1);
});

test('a free instant payout that landed: the chef reads what reached the card, with no fee', async () => {
  const ben = await createUser(h.bus, h.database, { type: 'chef', name: 'Ben Cole' });
  await publish(h.bus, 'payments.instant_payout.paid.v1', {
    ...facts(ben.id, 0),
    provider_payout_id: 'po_2',
  });
  const [text] = await textsTo(h.svc.url, ben.phone, /reached your debit card/);
  expect(text.body).toBe('Brigade: your instant payout of $100.00 reached your debit card.');
});
