import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import {
  CHEF_JOIN_ES,
  eventually,
  joinAsChef,
  joinAsRestaurant,
  onTwoPhones,
  postShift,
  type Story,
} from './story';

// The whole story of a shift in Chromium, two people side by side on phones against the real product in
// embedded mode: a restaurant (English) and a chef (Spanish) sign up, verify, onboard and set up payments in
// the Stripe sandbox (the restaurant saves its card, the chef sets up payouts); the restaurant posts an urgent
// shift starting about 75 s later and pays with 4242; the chef finds it, applies and writes; the restaurant
// answers, accepts and favorites the chef; the chef confirms. While the clock runs to the shift's start, a
// second story: a declined card shows the spec's text and the job is paid again with the saved card. Then both check out with ratings, the chef's side shows the shift paid and the
// restaurant's roster lists the chef. Every step is photographed at 375 px and checked with axe.

const SHIFT_STARTS_IN_MS = 75_000;
const CHEF_NAME = 'Lucía Hernández';

let story: Story;
let restaurant: Page;
let chef: Page;
const shift: { jobId?: string; startsAt?: number } = {};

const { step, everyStepAccessible } = onTwoPhones(
  { prefix: 'story', chefLocale: 'es-ES' },
  (cast) => ({ story, restaurant, chef } = cast),
);

const url = (path: string) => story.url(path);

test('a restaurant and a chef sign up, verify, onboard and set up payments', async () => {
  // The restaurant, in English.
  await joinAsRestaurant(story, restaurant, {
    name: 'Northeast Noodle Bar',
    description: 'Hand-pulled noodles and dumplings.',
    address: '200 Central Ave NE',
    cuisine: 'Chinese',
  });
  // The chef, in Spanish (the browser's language).
  await joinAsChef(
    story,
    chef,
    {
      name: CHEF_NAME,
      bio: 'Cocinera de línea con cinco años de experiencia en parrilla y salteado.',
      skills: ['Cocinero de línea', 'Cocinero de parrilla'],
    },
    CHEF_JOIN_ES,
  );
}, 120_000);

test('the restaurant posts an urgent shift and pays; the chef applies and writes; the restaurant answers, accepts and favorites; the chef confirms', async () => {
  // Post and pay with 4242.
  const times = await postShift(story, restaurant, {
    position: 'Line Cook',
    fromNowMs: SHIFT_STARTS_IN_MS,
    rate: '20',
    urgent: true,
    card: '4242 4242 4242 4242',
  });
  shift.startsAt = times.startsAt;
  expect(await restaurant.getByTestId('pay-hours').textContent()).toBe('4');
  expect(await restaurant.getByTestId('pay-subtotal').textContent()).toBe('$80.00');
  expect(await restaurant.getByTestId('pay-fee').textContent()).toBe('$5.60');
  expect(await restaurant.getByTestId('pay-total').textContent()).toBe('$85.60');
  await step(restaurant, '01-post-shift');
  await restaurant.getByRole('button', { name: 'Post Shift and Pay' }).click();
  await restaurant.waitForURL(/\/jobs\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  shift.jobId = restaurant.url().split('/').pop()!;
  await restaurant
    .getByText('Your shift is posted and paid. Chefs can apply now.')
    .waitFor({ timeout: 20_000 });
  await step(restaurant, '02-job-posted');

  // The chef finds it among the openings and applies.
  const jobId = shift.jobId;
  await chef.goto(url('/openings'));
  await chef.getByRole('heading', { name: 'Turnos disponibles' }).waitFor();
  const opening = chef.locator('li', { has: chef.locator(`a[href="/jobs/${jobId}"]`) });
  await eventually(chef, opening, 20_000);
  await step(chef, '03-openings-es');
  await opening.getByRole('button', { name: 'Postularme ahora' }).click();
  await opening.getByText('Postulado').waitFor();
  await step(chef, '04-applied-es');

  // ...and writes to the restaurant.
  await opening.getByRole('link', { name: 'Escribir al restaurante' }).click();
  await chef.waitForURL(`**/messages?job=${jobId}`);
  // The thread is titled with the restaurant once messaging knows the conversation.
  await eventually(chef, chef.getByRole('heading', { name: /Northeast Noodle Bar/ }), 30_000);
  await chef.getByText('Aún no hay mensajes. ¡Saluda!').waitFor();
  await chef
    .getByPlaceholder('Escribe tu mensaje...')
    .fill('Hola, tengo experiencia en parrilla. ¿A qué hora debo llegar?');
  await chef.getByRole('button', { name: 'Enviar' }).click();
  await chef.locator('.bubble-mine', { hasText: 'tengo experiencia en parrilla' }).waitFor();
  await step(chef, '05-message-sent-es');

  // The restaurant sees the conversation with an unread badge and answers.
  await restaurant.goto(url('/messages'));
  const convo = restaurant.getByRole('button', { name: /Chef conversation/ });
  await eventually(restaurant, convo, 30_000);
  await restaurant
    .getByLabel(/unread message/)
    .first()
    .waitFor({ timeout: 15_000 });
  await step(restaurant, '06-conversations');
  await convo.first().click();
  await restaurant.getByText('tengo experiencia en parrilla', { exact: false }).last().waitFor();
  await restaurant.getByPlaceholder('Type your message...').fill('Great! Please arrive 15 minutes early.');
  await restaurant.getByRole('button', { name: 'Send' }).click();
  await restaurant.locator('.bubble-mine', { hasText: 'arrive 15 minutes early' }).waitFor();
  await step(restaurant, '07-thread-answered');
  // The chef's open thread picks the answer up by polling.
  await chef
    .locator('.bubble:not(.bubble-mine)', { hasText: 'arrive 15 minutes early' })
    .waitFor({ timeout: 15_000 });
  await step(chef, '08-answer-received-es');

  // The restaurant reviews the applicants, accepts the chef and adds her to its favorites.
  await restaurant.goto(url(`/jobs/${jobId}/applications`));
  await restaurant.getByRole('heading', { name: 'Applications' }).waitFor();
  await step(restaurant, '09-applications');
  await restaurant.getByRole('button', { name: `Accept ${CHEF_NAME}` }).click();
  await restaurant.getByText('Accepted, waiting for the chef to confirm').waitFor();
  await restaurant.getByRole('button', { name: `Favorite ${CHEF_NAME}`, pressed: false }).click();
  await restaurant.getByRole('button', { name: `Favorite ${CHEF_NAME}`, pressed: true }).waitFor();
  await step(restaurant, '10-accepted-favorited');

  // The chef confirms from My Work.
  await chef.goto(url('/my-shifts'));
  await chef.getByRole('heading', { name: 'Mi trabajo' }).waitFor();
  await eventually(chef, chef.getByText('¡Aceptada! Por favor confirma'), 20_000);
  await step(chef, '11-accepted-es');
  await chef.getByRole('button', { name: 'Confirmar', exact: true }).click();
  await chef.getByText('Confirmada').first().waitFor();
  await chef.getByText('El cierre se abre cuando empieza el turno').waitFor();
  await step(chef, '12-confirmed-es');
}, 120_000);

test('the confirmed shift goes into both calendars: an .ics file on its page, and a private feed that calendar apps read without signing in', async () => {
  for (const [page, add] of [
    [chef, 'Añadir al calendario'],
    [restaurant, 'Add to calendar'],
  ] as const) {
    await page.goto(url(`/jobs/${shift.jobId}`));
    const button = page.getByRole('button', { name: add });
    await eventually(page, button, 20_000);
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/^brigade-shift-\d{4}-\d{2}-\d{2}\.ics$/);
    const ics = readFileSync((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`UID:job-${shift.jobId}@brigade`);
  }
  await step(chef, '12a-add-to-calendar-es');

  // Settings: the chef's private feed link, which a phone's calendar subscribes to (no session, no cookie).
  await chef.goto(url('/settings'));
  await chef.getByRole('tab', { name: 'Preferencias' }).click();
  const link = chef.getByLabel('Tu enlace privado de calendario');
  await link.waitFor();
  const feedUrl = await link.inputValue();
  expect(feedUrl).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await step(chef, '12b-calendar-feed-es');
  const feed = await fetch(feedUrl);
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toContain('text/calendar');
  expect(await feed.text()).toContain(`UID:job-${shift.jobId}@brigade`);
}, 90_000);

test('a declined card shows the spec text, and the job can be paid again with the saved card', async () => {
  await postShift(story, restaurant, {
    position: 'Dishwasher',
    fromNowMs: 24 * 3_600_000,
    rate: '18',
    urgent: false,
    card: '4000 0000 0000 0002',
  });
  await restaurant.getByRole('button', { name: 'Post Shift and Pay' }).click();
  await restaurant
    .getByRole('alert')
    .filter({ hasText: 'Your card was declined. Please check your card details or try a different card.' })
    .waitFor({ timeout: 30_000 });
  await step(restaurant, '13-card-declined');
  await restaurant.getByRole('link', { name: 'Pay for this shift' }).click();
  await restaurant.waitForURL(/\/payments\/[0-9a-f-]{36}$/);
  await eventually(
    restaurant,
    restaurant.getByText('The last payment for this shift failed. You can pay again below.'),
    20_000,
  );
  await step(restaurant, '14-pay-again');
  // The card saved at sign-up pays in one tap; another card stays one click away.
  await restaurant.getByRole('button', { name: 'Use another card' }).waitFor();
  await restaurant.getByRole('button', { name: 'Pay with Visa •••• 4242' }).click();
  await restaurant.getByRole('heading', { name: 'Payment Successful!' }).waitFor({ timeout: 30_000 });
  await step(restaurant, '15-payment-successful');
  await restaurant.waitForURL('**/my-shifts', { timeout: 10_000 });
}, 90_000);

test('after the shift starts both check out with ratings; the chef sees the shift paid and the roster lists the chef', async () => {
  const wait = shift.startsAt! + 2_000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

  // The chef checks out first and rates the restaurant.
  await chef.goto(url('/my-shifts'));
  await chef.getByRole('link', { name: 'Completar turno' }).click();
  await chef.getByRole('heading', { name: 'Cierre del turno' }).waitFor();
  await chef.getByLabel('4 estrellas').check({ force: true });
  await chef.getByLabel('Comentarios (opcional)').fill('Buen equipo y buena comunicación.');
  await step(chef, '16-checkout-es');
  await chef.getByRole('button', { name: 'Completar cierre' }).click();
  await chef.getByRole('heading', { name: '¡Cierre completado!' }).waitFor();
  // the receipt stays until the chef leaves it: the pay and what happens next
  await chef.getByRole('heading', { name: 'Recibo' }).waitFor();
  await chef.getByRole('heading', { name: 'Qué sigue' }).waitFor();
  await step(chef, '17-checkout-done-es');
  await chef.getByRole('link', { name: 'Ir a Mis turnos' }).click();
  await chef.waitForURL('**/my-shifts', { timeout: 10_000 });
  await chef.getByText('Esperando a que el restaurante cierre el turno').waitFor();

  // The restaurant checks out, confirms the work was done and rates the chef.
  await restaurant.goto(url('/my-shifts'));
  await eventually(restaurant, restaurant.getByRole('link', { name: 'Complete Checkout' }), 20_000);
  await step(restaurant, '18-my-shifts');
  await restaurant.getByRole('link', { name: 'Complete Checkout' }).click();
  await restaurant.getByRole('heading', { name: 'Shift Checkout' }).waitFor();
  expect(await restaurant.getByLabel('The work was completed').isChecked()).toBe(true);
  expect(await restaurant.getByLabel('5 stars').isChecked()).toBe(true);
  await step(restaurant, '19-checkout');
  await restaurant.getByRole('button', { name: 'Complete Checkout' }).click();
  await restaurant.getByRole('heading', { name: 'Checkout Complete!' }).waitFor();
  await restaurant.getByText('Both sides have checked out.').waitFor();
  await restaurant.getByTestId('receipt-fee').waitFor();
  await restaurant.getByRole('link', { name: 'Go to dashboard' }).click();
  await restaurant.waitForURL('**/dashboard/restaurant', { timeout: 10_000 });

  // The chef's side shows the shift paid once the payout is released.
  await chef.goto(url('/my-shifts'));
  await eventually(chef, chef.getByText('Pagado', { exact: true }), 45_000);
  await step(chef, '20-shift-paid-es');

  // The restaurant's roster lists the chef.
  await restaurant.goto(url('/dashboard/restaurant'));
  const roster = restaurant.locator('section', {
    has: restaurant.getByRole('heading', { name: 'Your Chef Roster' }),
  });
  await roster.getByRole('link', { name: CHEF_NAME }).waitFor({ timeout: 15_000 });
  await step(restaurant, '21-roster');
  await restaurant.goto(url('/chefs'));
  await restaurant.getByRole('heading', { name: 'Available Chefs' }).waitFor();
  await restaurant.getByRole('link', { name: CHEF_NAME }).waitFor();
  await step(restaurant, '22-chefs');
}, 150_000);

everyStepAccessible();
