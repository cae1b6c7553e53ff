// The chef's Cancel in My Shifts (issue 16): pending, accepted or confirmed, until the start. Leaving a held shift
// asks first and says, with the contracts' policy texts, whether it counts as a late cancellation (from the job's
// late_cancel_from) and that a confirmed shift is offered to other chefs.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeApplication, makeJob, shiftAt, signedIn } from '../../../test/signed-in';
import { formatShiftMoment } from '../../shared/format';

const HOUR = 3_600_000;

afterEach(() => void i18n.changeLanguage('en'));

function myWork(apps: ReturnType<typeof makeApplication>[]) {
  fakeApi.on('GET', '/applications', { body: { applications: apps } });
  fakeApi.on('DELETE', '/applications/:id', (call) => ({
    body: { application: { ...apps.find((a) => call.path.endsWith(a.id)), status: 'cancelled' } },
  }));
}

test('a confirmed shift within 24 hours of its start: the warning says it is late and the shift is offered to others', async () => {
  signedIn('chef');
  const app = makeApplication(makeJob({ status: 'filled', ...shiftAt(3 * HOUR) }), 'accepted', true);
  myWork([app]);
  renderApp('/my-shifts');
  const row = (await screen.findByText(/^Confirmed/)).closest('li')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Cancel shift' }));
  expect((await within(row).findByTestId('chef-cancel-rule')).textContent).toBe(
    'Less than 24 hours before the start: cancelling now counts as a late cancellation on your reliability record.',
  );
  expect(within(row).getByText('The shift will be offered to other chefs right away.')).toBeTruthy();
  expect(fakeApi.callsTo('DELETE', `/applications/${app.id}`)).toHaveLength(0);
  await userEvent.click(within(row).getByRole('button', { name: 'Cancel anyway' }));
  await waitFor(() => expect(fakeApi.callsTo('DELETE', `/applications/${app.id}`)).toHaveLength(1));
});

test('an accepted shift days ahead: the chef reads until when cancelling is free, and can keep the spot', async () => {
  signedIn('chef');
  const job = makeJob({ status: 'open', ...shiftAt(4 * 24 * HOUR) });
  const app = makeApplication(job, 'accepted', null);
  myWork([app]);
  renderApp('/my-shifts');
  const row = (await screen.findByText(/^Accepted! Please confirm/)).closest('li')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Cancel shift' }));
  expect((await within(row).findByTestId('chef-cancel-rule')).textContent).toBe(
    `You can cancel until ${formatShiftMoment(job.late_cancel_from, 'Minneapolis')} without it counting against you; after that it is a late cancellation on your record.`,
  );
  // Not confirmed yet: nothing to reopen.
  expect(within(row).queryByText('The shift will be offered to other chefs right away.')).toBeNull();
  await userEvent.click(within(row).getByRole('button', { name: 'Keep my spot' }));
  expect(await within(row).findByRole('button', { name: 'Cancel shift' })).toBeTruthy();
  expect(fakeApi.callsTo('DELETE', `/applications/${app.id}`)).toHaveLength(0);
});

test('in Spanish the late warning is the same rule in Spanish', async () => {
  signedIn('chef', { language: 'es' });
  const app = makeApplication(makeJob({ status: 'filled', ...shiftAt(2 * HOUR) }), 'accepted', true);
  myWork([app]);
  renderApp('/my-shifts');
  const row = (await screen.findByText(/^Confirmada/)).closest('li')!;
  await userEvent.click(within(row).getByRole('button', { name: 'Cancelar turno' }));
  expect((await within(row).findByTestId('chef-cancel-rule')).textContent).toBe(
    'Faltan menos de 24 horas para el inicio: cancelar ahora cuenta como cancelación tardía en tu historial de confiabilidad.',
  );
  expect(within(row).getByText('El turno se ofrecerá a otros chefs de inmediato.')).toBeTruthy();
  expect(within(row).getByRole('button', { name: 'Cancelar de todos modos' })).toBeTruthy();
});

test('a pending application is withdrawn at once, with no late warning', async () => {
  signedIn('chef');
  const app = makeApplication(makeJob({ status: 'open', ...shiftAt(2 * HOUR) }), 'pending', null);
  myWork([app]);
  renderApp('/my-shifts');
  await userEvent.click(await screen.findByRole('tab', { name: 'Applications' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Cancel application' }));
  expect(screen.queryByTestId('chef-cancel-rule')).toBeNull();
  expect(fakeApi.callsTo('DELETE', `/applications/${app.id}`)).toHaveLength(1);
});

test('once the shift has started there is no Cancel; checkout opens at its end', async () => {
  signedIn('chef');
  const running = makeApplication(makeJob({ status: 'filled', ...shiftAt(-HOUR) }), 'accepted', true);
  myWork([running]);
  renderApp('/my-shifts');
  await screen.findByText(/^Checkout opens at \d{1,2}:\d{2}\s[AP]M/);
  expect(screen.queryByRole('button', { name: 'Cancel shift' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Complete Checkout' })).toBeNull();
});

test('once the shift has ended, checkout is open: Complete Checkout', async () => {
  signedIn('chef');
  const ended = makeApplication(makeJob({ status: 'filled', ...shiftAt(-6 * HOUR) }), 'accepted', true);
  myWork([ended]);
  renderApp('/my-shifts');
  await screen.findByRole('link', { name: 'Complete Checkout' });
  expect(screen.queryByRole('button', { name: 'Cancel shift' })).toBeNull();
  expect(screen.queryByText(/^Checkout opens at/)).toBeNull();
});
