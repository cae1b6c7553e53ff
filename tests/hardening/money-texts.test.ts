import { eventually } from '@brigade/kit/testing';
import { expectLedgerGreen } from './support/ledger';
import {
  acceptAndConfirm,
  apply,
  checkout,
  expectStatus,
  nowOf,
  paymentStatus,
  payJob,
  postJob,
  refreshSession,
  signUp,
  startStackWithOperator,
  type Operator,
  type Account,
  type PostedJob,
  type Stack,
  textsSentTo,
  until,
} from './support/stack';

// Issue 32, item 3: every money sentence says what the money did. Through the whole product (gateway, five
// services, bus; real servers in CI), each outcome is walked and both sides read it: the job page's `money`,
// the chef's earnings row and the restaurant's receipt row (each with the same outcome and figures), the answer
// to each checkout, and the texts each side receives, in their own language. Each outcome runs twice, once
// with a Spanish-speaking chef and an English-speaking restaurant and once the other way round.
//
// The checkout shifts last one minute at $60/h ($1.00 of shift pay, a $0.07 fee, $1.07 charged) and are
// checked out after their end, so the suite holds whether checkout opens at the start or at the end.

type Language = 'en' | 'es';
interface Pair {
  chef: Account;
  restaurant: Account;
  languages: { chef: Language; restaurant: Language };
}
interface Booking extends Pair {
  job: PostedJob;
  applicationId: string;
}

let stack: Stack;
let operatorToken: string;
const PAIRINGS: Array<Pair['languages']> = [
  { chef: 'es', restaurant: 'en' },
  { chef: 'en', restaurant: 'es' },
];
const booked: Record<'paid' | 'notWorked' | 'disputed' | 'late' | 'expired', Booking[]> = {
  paid: [],
  notWorked: [],
  disputed: [],
  late: [],
  expired: [],
};
/** The end of the one-minute shifts: checkout is open for them after it under any rule. */
let shortEnd = 0;
/** A chef who applied to the first paid-in-full shift and was not chosen. */
let bystander: Account;

const SHORT_MS = 60_000;
const money = (
  outcome: string,
  reason: string | null,
  state: string,
  figures: [shift: number, total: number, chef: number, fee: number, refund: number],
) => ({
  outcome,
  reason,
  state,
  shift_pay_cents: figures[0],
  total_cents: figures[1],
  chef_pay_cents: figures[2],
  fee_cents: figures[3],
  refund_cents: figures[4],
});

async function account(type: 'chef' | 'restaurant', language: Language): Promise<Account> {
  const a = await signUp(stack, type);
  if (language === 'es') {
    expectStatus(
      await stack.call('PATCH', '/api/profiles/me', { token: a.token, body: { language_preference: 'es' } }),
      200,
    );
    await refreshSession(stack, a); // the token says the language the answers are written in
  }
  return a;
}

async function pair(languages: Pair['languages']): Promise<Pair> {
  const [chef, restaurant] = await Promise.all([
    account('chef', languages.chef),
    account('restaurant', languages.restaurant),
  ]);
  return { chef, restaurant, languages };
}

/**
 * A paid shift, its chef accepted and confirmed (or, `confirm: false`, only applied); a `bystander` chef
 * applies too and is not chosen.
 */
async function book(
  p: Pair,
  startInMs: number,
  hours: number,
  rate: number,
  confirm = true,
  bystander?: Account,
): Promise<Booking> {
  const job = await postJob(stack, p.restaurant, startInMs, hours, rate);
  await payJob(stack, p.restaurant, job);
  if (bystander) await apply(stack, bystander, job);
  const applicationId = await apply(stack, p.chef, job);
  if (confirm) await acceptAndConfirm(stack, p.restaurant, p.chef, applicationId);
  return { ...p, job, applicationId };
}

beforeAll(async () => {
  let operator: Operator;
  ({ stack, operator } = await startStackWithOperator({
    LATE_CANCEL_WINDOW: '1h',
    JOBS_RULES_POLL_MS: '200',
    NOTIFICATIONS_POLL_MS: '200',
  }));
  operatorToken = operator.token;
  const [pairs, other] = await Promise.all([
    Promise.all(PAIRINGS.flatMap((languages) => Array.from({ length: 5 }, () => pair(languages)))),
    signUp(stack, 'chef'),
  ]);
  bystander = other;
  // Every one-minute shift starts at the same moment, far enough ahead to be paid and booked before it.
  const startIn = 60_000;
  const startsAt = nowOf(stack) + startIn;
  shortEnd = startsAt + SHORT_MS;
  const at = () => startsAt - nowOf(stack);
  await Promise.all(
    PAIRINGS.map(async (_, i) => {
      const [paid, notWorked, disputed, late, expired] = pairs.slice(i * 5, i * 5 + 5);
      const [a, b, c, d, e] = await Promise.all([
        book(paid, at(), SHORT_MS / 3_600_000, 60, true, i === 0 ? bystander : undefined),
        book(notWorked, at(), SHORT_MS / 3_600_000, 60),
        book(disputed, at(), SHORT_MS / 3_600_000, 60),
        // 8 hours at $25, 30 minutes ahead: within the 1-hour window, a late cancellation pays 4 hours.
        book(late, 30 * 60_000, 8, 25),
        // nobody confirms this one: it expires at its start
        book(expired, at(), SHORT_MS / 3_600_000, 60, false),
      ]);
      booked.paid.push(a);
      booked.notWorked.push(b);
      booked.disputed.push(c);
      booked.late.push(d);
      booked.expired.push(e);
    }),
  );
  // The product's clock is moved past their end (ADR 41).
  await until(stack, shortEnd + 300);
}, 240_000);
afterAll(async () => {
  await stack?.close();
});
afterEach(async () => {
  await expectLedgerGreen(stack);
});

const get = async (who: Account, path: string) =>
  expectStatus(await stack.call('GET', `/api${path}`, { token: who.token }), 200).body;

/** What one side reads of a job's money: its job page, and its earnings row (chef) or receipt row (restaurant). */
async function seen(who: Account, jobId: string) {
  const job = (await get(who, `/jobs/${jobId}`)).job;
  const rows =
    who.type === 'chef'
      ? (await get(who, '/payments/earnings')).shifts
      : (await get(who, '/payments/receipts')).receipts;
  const row = rows.find((r: { job_id: string }) => r.job_id === jobId);
  return { page: job.money, row: row?.money ?? null };
}

/** Both sides read `expected` on the job page and on their earnings or receipt row. */
async function bothRead(b: Booking, expected: ReturnType<typeof money>) {
  await eventually(
    async () => {
      expect(await seen(b.chef, b.job.id)).toEqual({ page: expected, row: expected });
      expect(await seen(b.restaurant, b.job.id)).toEqual({ page: expected, row: expected });
    },
    30_000,
    300,
  );
}

const textsTo = (account: Account) => textsSentTo(stack, account);

/** The account got a text that says exactly this sentence. */
const texted = (account: Account, sentence: string) =>
  eventually(
    async () => expect((await textsTo(account)).some((t) => t.includes(sentence))).toBe(true),
    30_000,
    300,
  );

/** The texts one side receives never claim money the outcome did not move. */
async function noTextSays(account: Account, pattern: RegExp) {
  expect((await textsTo(account)).filter((t) => pattern.test(t))).toEqual([]);
}

const answer = async (who: Account, b: Booking, worked: boolean) =>
  (await checkout(stack, who, b.applicationId, worked)).body;

/** The sentence each language gives, picked by the reader's language. */
const say = (language: Language, en: string, es: string) => (language === 'es' ? es : en);

test('paid in full: both sides said it was worked; the chef reads it paid out, the restaurant the fee kept', async () => {
  expect(nowOf(stack)).toBeGreaterThan(shortEnd);
  await Promise.all(
    booked.paid.map(async (b) => {
      const { chef, restaurant, languages: l } = b;
      const first = await answer(restaurant, b, true);
      expect(first.message).toBe(
        say(
          l.restaurant,
          "Checkout recorded. Waiting for the chef's checkout: your $1.07 stays held until then.",
          'Salida registrada. Falta que el chef registre la salida: tus $1.07 siguen retenidos hasta entonces.',
        ),
      );
      expect(first.money).toEqual(money('held', null, 'held', [100, 107, 100, 7, 0]));
      const second = await answer(chef, b, true);
      expect(second.message).toBe(
        say(
          l.chef,
          'Checkout recorded. Paid in full: your $1.00 is on its way to you.',
          'Salida registrada. Pagado completo: tus $1.00 van en camino.',
        ),
      );
      await paymentStatus(stack, restaurant, b.job.id, 'completed');
      await bothRead(b, money('paid_in_full', 'release', 'done', [100, 107, 100, 7, 0]));
      await texted(
        chef,
        say(l.chef, 'Paid in full: $1.00 was paid out to you.', 'Pagado completo: se te pagaron $1.00.'),
      );
      await texted(
        restaurant,
        say(
          l.restaurant,
          'Paid in full: the chef was paid $1.00, and Brigade kept the $0.07 booking fee.',
          'Pagado completo: el chef recibió $1.00 y Brigade se quedó con la tarifa de reserva de $0.07.',
        ),
      );
    }),
  );
}, 120_000);

test('refunded: both sides said it was not worked; nobody is told the pay is released', async () => {
  await Promise.all(
    booked.notWorked.map(async (b) => {
      const { chef, restaurant, languages: l } = b;
      const first = await answer(chef, b, false);
      expect(first.message).toBe(
        say(
          l.chef,
          'Checkout recorded. You said you did not work. If the restaurant agrees, it gets its $1.07 back; if not, the shift goes to review. The money stays held until then.',
          'Salida registrada. Dijiste que no trabajaste. Si el restaurante está de acuerdo, recupera sus $1.07; si no, el turno pasa a revisión. El dinero sigue retenido hasta entonces.',
        ),
      );
      const second = await answer(restaurant, b, false);
      expect(second.message).toBe(
        say(
          l.restaurant,
          'Checkout recorded. Refunded: the whole $1.07 is on its way back to your card.',
          'Salida registrada. Reembolsado: los $1.07 completos van en camino de vuelta a tu tarjeta.',
        ),
      );
      await paymentStatus(stack, restaurant, b.job.id, 'refunded');
      await bothRead(b, money('refunded', 'work_not_completed', 'done', [100, 107, 0, 0, 107]));
      await texted(
        chef,
        say(
          l.chef,
          'Refunded: the whole $1.07 went back to the restaurant, so this shift pays you nothing.',
          'Reembolsado: los $1.07 volvieron completos al restaurante, así que este turno no te paga nada.',
        ),
      );
      await texted(
        restaurant,
        say(
          l.restaurant,
          'Refunded: the whole $1.07 went back to your card.',
          'Reembolsado: los $1.07 completos volvieron a tu tarjeta.',
        ),
      );
      await noTextSays(chef, /released|paid out to you|liberad|se te pagaron/i);
    }),
  );
}, 120_000);

test('under review, then split by a decision: held while the checkouts disagree, then each side reads the split', async () => {
  await Promise.all(
    booked.disputed.map(async (b) => {
      const { chef, restaurant, languages: l } = b;
      const first = await answer(chef, b, true);
      expect(first.message).toBe(
        say(
          l.chef,
          "Checkout recorded. Waiting for the restaurant's checkout: the $1.00 shift pay stays held until then.",
          'Salida registrada. Falta que el restaurante registre la salida: el pago del turno de $1.00 sigue retenido hasta entonces.',
        ),
      );
      const second = await answer(restaurant, b, false);
      // Never "Checkout Complete!" on a dispute: the money is held for review.
      expect(second.message).toBe(
        say(
          l.restaurant,
          'Checkout recorded. Under review: the two checkouts disagree, so your $1.07 stays held until a Brigade operator decides.',
          'Salida registrada. En revisión: las dos respuestas de salida no coinciden, así que tus $1.07 siguen retenidos hasta que decida un operador de Brigade.',
        ),
      );
      await paymentStatus(stack, restaurant, b.job.id, 'disputed');
      await bothRead(b, money('under_review', null, 'held', [100, 107, 100, 7, 0]));
      await texted(
        chef,
        say(
          l.chef,
          'Under review: the two checkouts disagree, so the $1.00 shift pay stays held until a Brigade operator decides.',
          'En revisión: las dos respuestas de salida no coinciden, así que el pago del turno de $1.00 sigue retenido hasta que decida un operador de Brigade.',
        ),
      );
      await texted(
        restaurant,
        say(
          l.restaurant,
          'Under review: the two checkouts disagree, so your $1.07 stays held until a Brigade operator decides.',
          'En revisión: las dos respuestas de salida no coinciden, así que tus $1.07 siguen retenidos hasta que decida un operador de Brigade.',
        ),
      );

      // The operator pays the chef half: 50 cents, Brigade keeps 7% of it, the rest goes back.
      expectStatus(
        await stack.call('POST', `/api/ops/disputes/${b.job.id}/resolve`, {
          token: operatorToken,
          body: { chef_pay_cents: 50, note: 'Half the shift was worked.' },
        }),
        200,
      );
      await paymentStatus(stack, restaurant, b.job.id, 'settled');
      await bothRead(b, money('split_by_decision', 'dispute_decision', 'done', [100, 107, 50, 4, 53]));
      await texted(
        chef,
        say(
          l.chef,
          'Split by a decision: you get $0.50 of the $1.00 shift pay; it is on its way to you.',
          'Dividido por una decisión: recibes $0.50 de los $1.00 del turno; van en camino.',
        ),
      );
      await texted(
        chef,
        say(
          l.chef,
          'Split by a decision: you were paid $0.50 of the $1.00 shift pay.',
          'Dividido por una decisión: se te pagaron $0.50 de los $1.00 del turno.',
        ),
      );
      await texted(
        restaurant,
        say(
          l.restaurant,
          'Split by a decision: the chef was paid $0.50, Brigade kept $0.04, and $0.53 went back to your card.',
          'Dividido por una decisión: el chef recibió $0.50, Brigade se quedó con $0.04 y $0.53 volvieron a tu tarjeta.',
        ),
      );
      // A decision is a decision: never called a late cancellation, never "paid in full".
      await noTextSays(chef, /late cancellation|cancelación tardía|Paid in full|Pagado completo/i);
      await noTextSays(restaurant, /late cancellation|cancelación tardía|Paid in full|Pagado completo/i);
    }),
  );
}, 150_000);

test('late-cancellation pay: the restaurant cancelled 30 minutes before the start', async () => {
  await Promise.all(
    booked.late.map(async (b) => {
      const { chef, restaurant, languages: l } = b;
      expectStatus(
        await stack.call('POST', `/api/jobs/${b.job.id}/cancel`, { token: restaurant.token, body: {} }),
        200,
      );
      await paymentStatus(stack, restaurant, b.job.id, 'settled');
      // 8 hours at $25: 4 hours of pay ($100.00) to the chef, 7% of it kept, the rest of $214.00 back.
      await bothRead(
        b,
        money('late_cancellation_pay', 'late_cancellation', 'done', [20_000, 21_400, 10_000, 700, 10_700]),
      );
      await texted(
        chef,
        say(
          l.chef,
          'Late-cancellation pay: $100.00 was paid out to you.',
          'Pago por cancelación tardía: se te pagaron $100.00.',
        ),
      );
      await texted(
        restaurant,
        say(
          l.restaurant,
          'Late-cancellation pay: the chef was paid $100.00, Brigade kept $7.00, and $107.00 went back to your card.',
          'Pago por cancelación tardía: el chef recibió $100.00, Brigade se quedó con $7.00 y $107.00 volvieron a tu tarjeta.',
        ),
      );
      await noTextSays(restaurant, /Split by a decision|Dividido por una decisión/);
    }),
  );
}, 120_000);

test('expired: nobody confirmed before the start, so the whole charge went back; the applicant is not paid', async () => {
  await Promise.all(
    booked.expired.map(async (b) => {
      const { chef, restaurant, languages: l } = b;
      await paymentStatus(stack, restaurant, b.job.id, 'refunded');
      const expired = money('expired', 'job_expired', 'done', [100, 107, 0, 0, 107]);
      await eventually(
        async () => {
          expect(await seen(restaurant, b.job.id)).toEqual({ page: expired, row: expired });
          // The chef only applied: the job page says it expired; it was never theirs to earn.
          expect(await seen(chef, b.job.id)).toEqual({ page: expired, row: null });
        },
        30_000,
        300,
      );
      await texted(
        restaurant,
        say(
          l.restaurant,
          'Expired: nobody confirmed the shift before it started, so the whole $1.07 went back to your card.',
          'Vencido: nadie confirmó el turno antes de que empezara, así que los $1.07 completos volvieron a tu tarjeta.',
        ),
      );
      await texted(
        chef,
        say(
          l.chef,
          'started before anyone confirmed it, so your application lapsed',
          'empezó sin que nadie lo confirmara, así que tu postulación caducó',
        ),
      );
      await noTextSays(chef, /paid|pag(o|aron)/i);
    }),
  );
}, 120_000);

test('nobody else reads a job’s money: another chef who applied and was not chosen sees no money field', async () => {
  const b = booked.paid[0];
  const seenByBystander = (await get(bystander, `/jobs/${b.job.id}`)).job;
  expect(seenByBystander.status).toBe('completed');
  expect(seenByBystander).not.toHaveProperty('money');
  const theirs = (await get(bystander, '/applications')).applications.find(
    (a: { job_id: string }) => a.job_id === b.job.id,
  );
  expect(theirs.job_postings).not.toHaveProperty('money');
  expect((await get(bystander, '/payments/earnings')).shifts).toEqual([]);
  // A chef who never applied does not see the finished job at all.
  const stranger = await signUp(stack, 'chef');
  expect((await stack.call('GET', `/api/jobs/${b.job.id}`, { token: stranger.token })).status).toBe(404);
  // The chef of the shift does read it, and the restaurant's list carries it too.
  expect((await get(b.chef, `/jobs/${b.job.id}`)).job.money.outcome).toBe('paid_in_full');
  const list = (await get(b.restaurant, '/jobs?status=all')).jobs;
  expect(list.find((j: { id: string }) => j.id === b.job.id).money.outcome).toBe('paid_in_full');
  const apps = (await get(b.chef, '/applications')).applications;
  expect(apps.find((a: { id: string }) => a.id === b.applicationId).job_postings.money.outcome).toBe(
    'paid_in_full',
  );
}, 60_000);
