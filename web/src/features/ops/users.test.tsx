// Users: search, the user's page, suspend (reason required, confirmed) and reinstate.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { makeOpsUser, signedInOperator } from './fixtures';
import type { OpsUser } from './opsApi';

/** A user whose suspension the fake API keeps, as identity would. */
function userRoutes() {
  let user: OpsUser = makeOpsUser();
  fakeApi.on('GET', '/ops/users', (call) => ({
    body: { users: call.query.q && user.email.includes(call.query.q) ? [user] : [] },
  }));
  fakeApi.on('GET', `/ops/users/${user.id}`, () => ({
    body: {
      user,
      profile: { id: user.id, name: 'Maria Lopez', city: 'Minneapolis', skills: ['Line Cook', 'Grill Cook'] },
      reliability: {
        completed_shifts: 12,
        late_cancellations: 1,
        no_shows: 2,
        last_90_days: { completed_shifts: 4, late_cancellations: 0, no_shows: 1 },
      },
    },
  }));
  fakeApi.on('POST', `/ops/users/${user.id}/suspend`, (call) => {
    const { reason } = call.body as { reason: string };
    user = { ...user, suspension: { reason, suspended_at: new Date().toISOString(), operator_id: user.id } };
    return { body: { user } };
  });
  fakeApi.on('POST', `/ops/users/${user.id}/reinstate`, () => {
    user = { ...user, suspension: null };
    return { body: { user } };
  });
  return user;
}

test('search by email, open the user, suspend with a reason after confirming, then reinstate', async () => {
  signedInOperator();
  const user = userRoutes();
  const { router } = renderApp('/ops/users');
  await userEvent.click(await screen.findByRole('button', { name: 'Search' }));
  expect(screen.getByText('Search by email or phone.')).toBeTruthy();
  await userEvent.type(screen.getByLabelText('Email or phone'), 'maria@');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  const link = await screen.findByRole('link', { name: 'maria@example.com' });
  expect(router.state.location.search).toBe('?q=maria%40');
  await userEvent.click(link);

  expect(await screen.findByRole('heading', { level: 1, name: 'maria@example.com' })).toBeTruthy();
  expect(screen.getByTestId('suspension-state').textContent).toBe('Active');
  expect(screen.getByText('Line Cook, Grill Cook')).toBeTruthy();
  expect(screen.getByTestId('reliability').textContent).toMatch(/2 no-shows/);

  // the reason is required, and nothing is sent before the confirmation
  await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
  expect(screen.getByText('Please give a reason.')).toBeTruthy();
  await userEvent.type(screen.getByLabelText('Reason (kept in the audit log)'), 'Threatened a restaurant');
  await userEvent.click(screen.getByRole('button', { name: 'Suspend' }));
  expect(
    screen.getByText('Suspend maria@example.com for this reason: "Threatened a restaurant"?'),
  ).toBeTruthy();
  expect(fakeApi.callsTo('POST', `/ops/users/${user.id}/suspend`)).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Yes, suspend' }));
  expect(fakeApi.callsTo('POST', `/ops/users/${user.id}/suspend`)[0].body).toEqual({
    reason: 'Threatened a restaurant',
  });
  expect(
    await screen.findByText(/^Suspended since .+: Threatened a restaurant$/, { selector: 'dd' }),
  ).toBeTruthy();

  // reinstate
  await userEvent.click(await screen.findByRole('button', { name: 'Reinstate' }));
  expect(fakeApi.callsTo('POST', `/ops/users/${user.id}/reinstate`)[0].body).toEqual({});
  await screen.findByRole('button', { name: 'Suspend' });
  expect(screen.getByTestId('suspension-state').textContent).toBe('Active');
});

test('cancelling the confirmation suspends nobody; a server error shows in place (Spanish)', async () => {
  signedInOperator('es');
  const user = userRoutes();
  fakeApi.on('POST', `/ops/users/${user.id}/suspend`, {
    status: 400,
    body: { error: 'Operators cannot be suspended', code: 'OPS.BAD' },
  });
  renderApp(`/ops/users/${user.id}`);
  await userEvent.type(await screen.findByLabelText('Motivo (queda en el registro de auditoría)'), 'Spam');
  await userEvent.click(screen.getByRole('button', { name: 'Suspender' }));
  await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
  expect(fakeApi.callsTo('POST', `/ops/users/${user.id}/suspend`)).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Suspender' }));
  await userEvent.click(screen.getByRole('button', { name: 'Sí, suspender' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Operators cannot be suspended');
  expect(within(screen.getByTestId('suspension-state')).getByText('Activa')).toBeTruthy();
});
