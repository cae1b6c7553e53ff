// Issue 32, item 3: every money sentence says what the money did, from the server's facts (Job.money, the
// earnings and receipt rows' `money`, the checkout answer), never from assumptions of the screen. Each outcome
// is rendered for each side in both languages and the exact sentence is read.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MoneyReason } from '@brigade/contracts';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { serverMoney } from '../../../test/money';
import { renderApp } from '../../../test/render';
import { id, makeJob, shiftAt, signedIn } from '../../../test/signed-in';

afterEach(() => void i18n.changeLanguage('en'));

const HOUR = 3_600_000;
type Side = 'chef' | 'restaurant';
type Language = 'en' | 'es';

/**
 * Each outcome of a 5-hour shift at $20 ($100.00 shift pay, $7.00 fee, $107.00 charged): the job as the server
 * answers it (status, payment status, Job.money) and the sentence each side reads on its page, in en and es.
 */
const OUTCOMES: Array<{
  name: string;
  job: Record<string, unknown>;
  /** the chef's application: holds the shift, or lapsed when nobody confirmed */
  chefApplication?: { status: string; worker_confirmed: boolean | null };
  chefPay: string;
  reads: Record<Side, Record<Language, string>>;
}> = [
  {
    name: 'held in escrow (booked, not worked yet)',
    job: {
      status: 'filled',
      payment_status: 'held_in_escrow',
      money: serverMoney(null),
      ...shiftAt(5 * HOUR),
    },
    chefPay: '$100.00',
    reads: {
      chef: {
        en: 'Money held: your $100.00 is paid out once the shift is confirmed at checkout.',
        es: 'Dinero retenido: tus $100.00 se te pagan cuando se confirme el turno al registrar la salida.',
      },
      restaurant: {
        en: 'Money held: your $107.00 stays held until the shift is confirmed at checkout.',
        es: 'Dinero retenido: tus $107.00 siguen retenidos hasta que se confirme el turno al registrar la salida.',
      },
    },
  },
  {
    name: 'under review (the checkouts disagree)',
    job: {
      status: 'disputed',
      payment_status: 'disputed',
      money: serverMoney(null, { disputed: true }),
      restaurant_checkout_completed: true,
      chef_checkout_completed: true,
      ...shiftAt(-8 * HOUR),
    },
    chefPay: '$100.00',
    reads: {
      chef: {
        en: 'Under review: the two checkouts disagree, so the $100.00 shift pay stays held until a Brigade operator decides.',
        es: 'En revisión: las dos respuestas de salida no coinciden, así que el pago del turno de $100.00 sigue retenido hasta que decida un operador de Brigade.',
      },
      restaurant: {
        en: 'Under review: the two checkouts disagree, so your $107.00 stays held until a Brigade operator decides.',
        es: 'En revisión: las dos respuestas de salida no coinciden, así que tus $107.00 siguen retenidos hasta que decida un operador de Brigade.',
      },
    },
  },
  {
    name: 'paid in full',
    job: {
      status: 'completed',
      payment_status: 'completed',
      money: serverMoney('release', { done: true }),
      ...shiftAt(-8 * HOUR),
    },
    chefPay: '$100.00',
    reads: {
      chef: {
        en: 'Paid in full: $100.00 was paid out to you.',
        es: 'Pagado completo: se te pagaron $100.00.',
      },
      restaurant: {
        en: 'Paid in full: the chef was paid $100.00, and Brigade kept the $7.00 booking fee.',
        es: 'Pagado completo: el chef recibió $100.00 y Brigade se quedó con la tarifa de reserva de $7.00.',
      },
    },
  },
  {
    name: 'refunded (both said it was not worked)',
    job: {
      status: 'completed',
      payment_status: 'refunded',
      money: serverMoney('work_not_completed', { done: true, chef: 0, fee: 0, refund: 10_700 }),
      ...shiftAt(-8 * HOUR),
    },
    chefPay: '$0.00',
    reads: {
      chef: {
        en: 'Refunded: the whole $107.00 went back to the restaurant, so this shift pays you nothing.',
        es: 'Reembolsado: los $107.00 volvieron completos al restaurante, así que este turno no te paga nada.',
      },
      restaurant: {
        en: 'Refunded: the whole $107.00 went back to your card.',
        es: 'Reembolsado: los $107.00 completos volvieron a tu tarjeta.',
      },
    },
  },
  {
    name: 'late-cancellation pay',
    job: {
      status: 'cancelled',
      payment_status: 'settled',
      cancellation: {
        cancelled_by: 'restaurant',
        late: true,
        chef_pay_cents: 8_000,
        fee_cents: 560,
        refund_cents: 2_140,
        reason: null,
        cancelled_at: new Date(Date.now() - HOUR).toISOString(),
      },
      money: serverMoney('late_cancellation', { done: true, chef: 8_000, fee: 560, refund: 2_140 }),
      ...shiftAt(2 * HOUR),
    },
    chefApplication: { status: 'cancelled', worker_confirmed: true },
    chefPay: '$80.00',
    reads: {
      chef: {
        en: 'Late-cancellation pay: $80.00 was paid out to you.',
        es: 'Pago por cancelación tardía: se te pagaron $80.00.',
      },
      restaurant: {
        en: 'Late-cancellation pay: the chef was paid $80.00, Brigade kept $5.60, and $21.40 went back to your card.',
        es: 'Pago por cancelación tardía: el chef recibió $80.00, Brigade se quedó con $5.60 y $21.40 volvieron a tu tarjeta.',
      },
    },
  },
  {
    name: 'split by a decision',
    job: {
      status: 'completed',
      payment_status: 'settled',
      money: serverMoney('dispute_decision', { done: true, chef: 5_000, fee: 350, refund: 5_350 }),
      ...shiftAt(-30 * HOUR),
    },
    chefPay: '$50.00',
    reads: {
      chef: {
        en: 'Split by a decision: you were paid $50.00 of the $100.00 shift pay.',
        es: 'Dividido por una decisión: se te pagaron $50.00 de los $100.00 del turno.',
      },
      restaurant: {
        en: 'Split by a decision: the chef was paid $50.00, Brigade kept $3.50, and $53.50 went back to your card.',
        es: 'Dividido por una decisión: el chef recibió $50.00, Brigade se quedó con $3.50 y $53.50 volvieron a tu tarjeta.',
      },
    },
  },
  {
    name: 'expired (nobody confirmed: refunded)',
    job: {
      status: 'expired',
      payment_status: 'refunded',
      money: serverMoney('job_expired', { done: true, chef: 0, fee: 0, refund: 10_700 }),
      ...shiftAt(-2 * HOUR),
    },
    chefApplication: { status: 'lapsed', worker_confirmed: null },
    chefPay: '$0.00',
    reads: {
      chef: {
        en: 'Expired: nobody confirmed the shift before it started, so it pays nothing.',
        es: 'Vencido: nadie confirmó el turno antes de que empezara, así que no paga nada.',
      },
      restaurant: {
        en: 'Expired: nobody confirmed the shift before it started, so the whole $107.00 went back to your card.',
        es: 'Vencido: nadie confirmó el turno antes de que empezara, así que los $107.00 completos volvieron a tu tarjeta.',
      },
    },
  },
];

/** The money sentence a side reads on the job page (the under-review notice, or the outcome line). */
async function moneySentence(): Promise<string> {
  const review = screen.queryByTestId('under-review');
  if (review) return review.textContent ?? '';
  return (await screen.findByTestId('money-outcome')).textContent ?? '';
}

describe.each(['en', 'es'] as const)('the job page in %s', (language) => {
  test.each(OUTCOMES.map((o) => [o.name, o] as const))(
    '%s: each side reads its own sentence',
    async (_name, outcome) => {
      // The restaurant that owns the shift.
      const { user } = signedIn('restaurant', { language });
      const job = makeJob({ restaurant_id: user.id, applications: [], ...outcome.job });
      fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
      fakeApi.on('GET', `/payments/job/${job.id}`, { body: { settlement: null } });
      const { unmount } = renderApp(`/jobs/${job.id}`);
      await screen.findByRole('heading', { level: 1 });
      expect(await moneySentence()).toBe(outcome.reads.restaurant[language]);
      unmount();

      // The chef of the shift.
      signedIn('chef', { language });
      const application = outcome.chefApplication ?? { status: 'accepted', worker_confirmed: true };
      fakeApi.on('GET', `/jobs/${job.id}`, {
        body: {
          job: {
            ...job,
            applications: undefined,
            user_applied: true,
            user_application: { id: id('a'), ...application },
          },
        },
      });
      renderApp(`/jobs/${job.id}`);
      await screen.findByRole('heading', { level: 1 });
      expect(await moneySentence()).toBe(outcome.reads.chef[language]);
      // "Your pay" is what the money gave the chef, never the full shift pay after a split or a refund.
      expect(screen.getByTestId('chef-pay').textContent).toBe(outcome.chefPay);
      expect(document.body.textContent).not.toMatch(
        /full shift pay once|pago completo del turno cuando|Checkout Complete|Cancelled late/,
      );
    },
  );
});

/** One earnings row and one receipt row of a shift whose money went by `reason`. */
function rows(reason: MoneyReason, figures: Parameters<typeof serverMoney>[1]) {
  const money = serverMoney(reason, { done: true, ...figures });
  const jobId = id('j');
  const base = { job_id: jobId, date: new Date().toISOString(), position: 'Line Cook' };
  return {
    earning: {
      ...base,
      restaurant_id: id('r'),
      restaurant_name: 'North Loop Kitchen',
      hours: 5,
      gross_pay_cents: money.chef_pay_cents,
      status: reason === 'late_cancellation' ? 'cancellation_pay' : 'paid_out',
      paid_out_at: new Date().toISOString(),
      money,
    },
    receipt: {
      ...base,
      chef_id: id('c'),
      chef_name: 'Ana Ruiz',
      payment_status: 'settled',
      charged_cents: money.total_cents,
      shift_pay_cents: money.chef_pay_cents,
      platform_fee_cents: money.fee_cents,
      refund_cents: money.refund_cents,
      net_charged_cents: money.total_cents - money.refund_cents,
      pending: false,
      card: { brand: 'visa', last4: '4242', charge_id: 'ch_1' },
      money,
    },
  };
}

describe('receipts and earnings name a decision as a decision', () => {
  const split = rows('dispute_decision', { chef: 5_000, fee: 350, refund: 5_350 });
  const late = rows('late_cancellation', { chef: 8_000, fee: 560, refund: 2_140 });

  test.each([
    ['en', 'Split by a decision', 'Late-cancellation pay'],
    ['es', 'Dividido por una decisión', 'Pago por cancelación tardía'],
  ] as const)(
    'Receipts in %s: "%s", and a late cancellation as "%s"',
    async (language, decision, cancelled) => {
      signedIn('restaurant', { language });
      const totals = {
        charged_cents: 21_400,
        shift_pay_cents: 13_000,
        platform_fee_cents: 910,
        refund_cents: 7_490,
        net_charged_cents: 13_910,
      };
      fakeApi.on('GET', '/payments/receipts', { body: { totals, receipts: [split.receipt, late.receipt] } });
      renderApp('/receipts');
      const [decided, cancelledRow] = await screen.findAllByTestId('receipt-row');
      expect(within(decided).getByTestId('money-label').textContent).toBe(decision);
      expect(within(cancelledRow).getByTestId('money-label').textContent).toBe(cancelled);
      expect(within(decided).getByTestId('money-outcome').textContent).toBe(
        language === 'en'
          ? 'Split by a decision: the chef was paid $50.00, Brigade kept $3.50, and $53.50 went back to your card.'
          : 'Dividido por una decisión: el chef recibió $50.00, Brigade se quedó con $3.50 y $53.50 volvieron a tu tarjeta.',
      );
      expect(document.body.textContent).not.toMatch(/Cancelled late: split|Cancelado tarde/);
    },
  );

  test.each([
    ['en', 'Split by a decision', 'Split by a decision: you were paid $50.00 of the $100.00 shift pay.'],
    [
      'es',
      'Dividido por una decisión',
      'Dividido por una decisión: se te pagaron $50.00 de los $100.00 del turno.',
    ],
  ] as const)('Earnings in %s: "%s"', async (language, label, sentence) => {
    signedIn('chef', { language });
    fakeApi.on('GET', '/payments/earnings', {
      body: { paid_out_cents: 5_000, on_its_way_cents: 0, shifts: [split.earning] },
    });
    renderApp('/earnings');
    const row = await screen.findByTestId('earning-row');
    expect(within(row).getByTestId('money-label').textContent).toBe(label);
    expect(within(row).getByTestId('money-outcome').textContent).toBe(sentence);
  });
});

describe('after a checkout, the page says what happens to the money given the answers so far', () => {
  const answers = [
    {
      name: 'the other side disagreed: under review',
      side: 'restaurant' as const,
      worked: false,
      answer: {
        mutualCheckoutCompleted: true,
        money: serverMoney(null, { disputed: true }),
        waiting_for: null,
        work_completed: false,
      },
      heading: { en: 'Under review: money held', es: 'En revisión: dinero retenido' },
      says: {
        en: 'Checkout recorded. Under review: the two checkouts disagree, so your $107.00 stays held until a Brigade operator decides.',
        es: 'Salida registrada. En revisión: las dos respuestas de salida no coinciden, así que tus $107.00 siguen retenidos hasta que decida un operador de Brigade.',
      },
    },
    {
      name: 'both said not worked: refunded',
      side: 'chef' as const,
      worked: false,
      answer: {
        mutualCheckoutCompleted: true,
        money: serverMoney('work_not_completed', { chef: 0, fee: 0, refund: 10_700 }),
        waiting_for: null,
        work_completed: false,
      },
      heading: { en: 'Refunded', es: 'Reembolsado' },
      says: {
        en: 'Checkout recorded. Refunded: the whole $107.00 is going back to the restaurant, so this shift pays you nothing.',
        es: 'Salida registrada. Reembolsado: los $107.00 vuelven completos al restaurante, así que este turno no te paga nada.',
      },
    },
    {
      name: 'waiting for the other side after "did not work"',
      side: 'chef' as const,
      worked: false,
      answer: {
        mutualCheckoutCompleted: false,
        money: serverMoney(null),
        waiting_for: 'restaurant',
        work_completed: false,
      },
      heading: { en: 'Checkout recorded', es: 'Salida registrada' },
      says: {
        en: 'Checkout recorded. You said you did not work. If the restaurant agrees, it gets its $107.00 back; if not, the shift goes to review. The money stays held until then.',
        es: 'Salida registrada. Dijiste que no trabajaste. Si el restaurante está de acuerdo, recupera sus $107.00; si no, el turno pasa a revisión. El dinero sigue retenido hasta entonces.',
      },
    },
  ];

  test.each(
    answers.flatMap((a) => (['en', 'es'] as const).map((language) => [a.name, language, a] as const)),
  )('%s (%s)', async (_name, language, a) => {
    signedIn(a.side, { language });
    const job = makeJob({
      status: 'filled',
      ...shiftAt(-5 * HOUR, 4),
      [a.side === 'chef' ? 'restaurant_checkout_completed' : 'chef_checkout_completed']:
        a.answer.mutualCheckoutCompleted,
    });
    const application = {
      id: id('a'),
      job_id: job.id,
      chef_id: id('e'),
      status: 'accepted',
      worker_confirmed: true,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      chef_profiles: { id: id('f'), user_id: id('e'), name: 'Lucía' },
      job_postings: job,
    };
    fakeApi.on('GET', `/applications/${application.id}`, { body: { application } });
    // The server's own message is in the caller's language; the page says the same from the facts.
    fakeApi.on('POST', '/applications/:id/checkout', { body: { message: 'x', ...a.answer } });
    renderApp(`/checkout/${application.id}`);
    const submit = language === 'en' ? 'Complete Checkout' : 'Registrar salida';
    await screen.findByRole('button', { name: submit });
    const notWorked =
      a.side === 'chef'
        ? { en: 'I did not work this shift', es: 'No trabajé este turno' }
        : { en: 'No, the chef did not work this shift', es: 'No, el chef no trabajó este turno' };
    await userEvent.click(screen.getByLabelText(notWorked[language]));
    await userEvent.click(screen.getByRole('button', { name: submit }));
    expect((await screen.findByTestId('checkout-answer')).textContent).toBe(a.says[language]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(a.heading[language]);
    expect(document.body.textContent).not.toMatch(/Checkout Complete|Cierre completado|se libera/);
  });
});
