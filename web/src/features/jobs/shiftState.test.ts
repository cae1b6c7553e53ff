// The buttons each side is offered come from the contracts' lifecycles plus the start time: a table over every
// job status and application state, so a change of the lifecycle in contracts changes the screens with it.
import { APPLICATION_TRANSITIONS, JOB_STATUSES, JOB_TRANSITIONS } from '@brigade/contracts';
import { chefCanCancel, checkoutState, restaurantCanCancel, restaurantCanDecide } from './shiftState';

const HOUR = 3_600_000;
const at = (fromNowMs: number) => new Date(Date.now() + fromNowMs).toISOString();

test('Cancel shift is offered exactly in the statuses the job lifecycle lets the restaurant cancel, before the start', () => {
  const offered = JOB_STATUSES.filter((status) => restaurantCanCancel({ status, start_time: at(HOUR) }));
  expect(offered).toEqual([...JOB_TRANSITIONS.cancel.from]);
  expect(JOB_STATUSES.filter((status) => restaurantCanCancel({ status, start_time: at(-1000) }))).toEqual([]);
});

test("the chef's Cancel follows the application lifecycle (pending, accepted, confirmed), before the start", () => {
  const apps = [
    { status: 'pending', worker_confirmed: null },
    { status: 'accepted', worker_confirmed: null },
    { status: 'accepted', worker_confirmed: true },
    { status: 'accepted', worker_confirmed: false },
    { status: 'rejected', worker_confirmed: null },
    { status: 'cancelled', worker_confirmed: true },
    { status: 'lapsed', worker_confirmed: null },
  ] as const;
  const job = { start_time: at(HOUR) };
  expect(apps.filter((a) => chefCanCancel(a, job)).length).toBe(APPLICATION_TRANSITIONS.cancel.from.length);
  expect(apps.filter((a) => chefCanCancel(a, { start_time: at(-1000) }))).toEqual([]);
});

test('applicants can be accepted only while the job can still be filled', () => {
  const pending = { status: 'pending', worker_confirmed: null } as const;
  expect(
    JOB_STATUSES.filter((status) => restaurantCanDecide(pending, { status, start_time: at(HOUR) })),
  ).toEqual([...JOB_TRANSITIONS.fill.from]);
});

test('checkout labels: open to either side on a filled shift from its end; settled payments read as such', () => {
  const filled = { status: 'filled', start_time: at(-5 * HOUR), end_time: at(-HOUR) } as const;
  expect(checkoutState('chef', filled)).toBe('checkout');
  expect(checkoutState('restaurant', { ...filled, restaurant_checkout_completed: true })).toBe(
    'waitingOther',
  );
  // started but not ended (issue 32: checkout opens at the end, not the start), and not started
  expect(checkoutState('chef', { ...filled, end_time: at(HOUR) })).toBe('notYet');
  expect(checkoutState('restaurant', { ...filled, end_time: at(HOUR) })).toBe('notYet');
  expect(checkoutState('chef', { ...filled, start_time: at(HOUR), end_time: at(5 * HOUR) })).toBe('notYet');
  // the server's checkout_opens_at is the word when it is given
  expect(checkoutState('chef', { ...filled, checkout_opens_at: at(HOUR) })).toBe('notYet');
  expect(checkoutState('chef', { status: 'completed', payment_status: 'settled' })).toBe('outcome');
  expect(checkoutState('chef', { status: 'disputed', payment_status: 'held_in_escrow' })).toBe('outcome');
  expect(checkoutState('chef', { status: 'expired', payment_status: 'refunded' })).toBeNull();
});
