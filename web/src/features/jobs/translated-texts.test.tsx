// Issue 32: what the restaurant or the operator writes on a job (its description, the reason for cancelling,
// the decision's note) reaches a cook in Spanish in Spanish, with the same honest marks as messages:
// "Traducido del inglés · Ver original", or "Sin traducir" while no translation has landed.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeApplication, makeJob, shiftAt, signedIn } from '../../../test/signed-in';

afterEach(() => void i18n.changeLanguage('en'));

const HOUR = 3_600_000;
const english = (translated: string | null) => ({
  language: 'en' as const,
  translated_text: translated,
  translated_language: translated === null ? null : ('es' as const),
});

/** A job as the chef who applied to it reads it. */
const chefsJob = (overrides: Record<string, unknown>) => {
  const job = makeJob(overrides);
  return { ...job, user_applied: true, user_application: makeApplication(job, 'accepted', true) };
};

test("a Spanish-speaking cook reads the job's description in Spanish, and the original on request", async () => {
  signedIn('chef', { language: 'es' });
  const job = chefsJob({
    description: 'Wear non-slip shoes. Park in the lot.',
    description_translation: english('Usa zapatos antideslizantes. Estaciónate en el estacionamiento.'),
  });
  fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
  renderApp(`/jobs/${job.id}`);
  const text = await screen.findByTestId('job-description');
  expect(text.textContent).toBe('Usa zapatos antideslizantes. Estaciónate en el estacionamiento.');
  expect(text.getAttribute('lang')).toBe('es');
  const mark = screen.getByTestId('translation-mark');
  expect(mark.textContent).toBe('Traducido del inglés · Ver original');
  await userEvent.click(within(mark).getByRole('button', { name: 'Ver original' }));
  expect(screen.getByTestId('job-description').textContent).toBe('Wear non-slip shoes. Park in the lot.');
  expect(screen.getByTestId('job-description').getAttribute('lang')).toBe('en');
});

test('a description not translated yet reads as written, marked "Sin traducir"; its owner reads it unmarked', async () => {
  signedIn('chef', { language: 'es' });
  const job = chefsJob({ description: 'Bring your knives.', description_translation: english(null) });
  fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
  const { unmount } = renderApp(`/jobs/${job.id}`);
  expect((await screen.findByTestId('job-description')).textContent).toBe('Bring your knives.');
  expect(screen.getByTestId('translation-mark').textContent).toBe('Sin traducir');
  unmount();

  const { user } = signedIn('restaurant', { language: 'en' });
  const own = { ...makeJob({ restaurant_id: user.id, applications: [] }), description: 'Bring your knives.' };
  fakeApi.on('GET', `/jobs/${own.id}`, {
    body: { job: { ...own, description_translation: english('Trae tus cuchillos.') } },
  });
  renderApp(`/jobs/${own.id}`);
  expect((await screen.findByTestId('job-description')).textContent).toBe('Bring your knives.');
  expect(screen.queryByTestId('translation-mark')).toBeNull();
});

test("the restaurant's reason for cancelling reaches the booked cook in Spanish", async () => {
  signedIn('chef', { language: 'es' });
  const job = chefsJob({
    status: 'cancelled',
    payment_status: 'refunded',
    ...shiftAt(30 * HOUR, 5),
    cancellation: {
      cancelled_by: 'restaurant',
      late: false,
      chef_pay_cents: 0,
      fee_cents: 0,
      refund_cents: 10_700,
      reason: 'Our walk-in broke down, sorry.',
      reason_translation: english('Se descompuso nuestra cámara fría, perdón.'),
      cancelled_at: new Date().toISOString(),
    },
  });
  fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
  renderApp(`/jobs/${job.id}`);
  const facts = await screen.findByTestId('cancellation-facts');
  expect(within(facts).getByTestId('cancellation-reason').textContent).toBe(
    'Se descompuso nuestra cámara fría, perdón.',
  );
  expect(within(facts).getByTestId('translation-mark').textContent).toBe(
    'Traducido del inglés · Ver original',
  );
});

test("the operator's note on a decision reaches a Spanish-speaking cook in Spanish", async () => {
  signedIn('chef', { language: 'es' });
  const job = chefsJob({
    status: 'completed',
    ...shiftAt(-30 * HOUR, 5),
    dispute: {
      status: 'resolved',
      opened_at: new Date(Date.now() - 20 * HOUR).toISOString(),
      statements: [],
      statements_max: 10,
      statements_left: 0,
      resolution: {
        chef_pay_cents: 4_000,
        fee_cents: 280,
        refund_cents: 6_420,
        note: 'Both sides agree the shift ended early, so the chef is paid half.',
        note_translation: english('Las dos partes están de acuerdo en que el turno terminó antes.'),
        resolved_at: new Date().toISOString(),
      },
    },
  });
  fakeApi.on('GET', `/jobs/${job.id}`, { body: { job } });
  renderApp(`/jobs/${job.id}`);
  const panel = await screen.findByTestId('dispute-panel');
  expect(within(panel).getByTestId('dispute-note').textContent).toBe(
    'Las dos partes están de acuerdo en que el turno terminó antes.',
  );
  expect(within(panel).getByTestId('translation-mark').textContent).toBe(
    'Traducido del inglés · Ver original',
  );
});
