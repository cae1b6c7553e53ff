// Operators (issue 33): admins add operators (a one-time password shown once), suspend, reinstate and remove
// them; other operators neither see the page in the nav nor load the list.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { makeSession, makeUser, storeSessionForTest } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { OpsOperator } from './opsApi';

function signedInAs(admin: boolean, language: 'en' | 'es' = 'en') {
  const user = {
    ...makeUser('chef', language),
    email: 'lead@brigade.test',
    user_type: 'operator' as const,
    admin,
  };
  storeSessionForTest(makeSession(user));
  fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
  fakeApi.on('GET', '/ops/disputes', { body: { disputes: [] } });
  return user;
}

function operator(email: string, overrides: Partial<OpsOperator> = {}): OpsOperator {
  return {
    id: crypto.randomUUID(),
    email,
    admin: false,
    created_at: '2026-11-01T12:00:00.000Z',
    suspension: null,
    password_change_required: false,
    totp_enrolled: false,
    ...overrides,
  };
}

/** The operators identity keeps, changed by the console's calls as identity would. */
function operatorRoutes(me: { id: string; email: string }) {
  let team = [
    operator(me.email, { id: me.id, admin: true, totp_enrolled: true }),
    operator('sam@brigade.test'),
  ];
  fakeApi.on('GET', '/ops/operators', () => ({ body: { operators: team } }));
  fakeApi.on('POST', '/ops/operators', (call) => {
    const { email, admin } = call.body as { email: string; admin?: boolean };
    const added = operator(email, { admin: admin === true, password_change_required: true });
    team = [...team, added];
    return { status: 201, body: { operator: added, one_time_password: 'Xq7-once-only-Pw' } };
  });
  const sam = team[1];
  fakeApi.on('POST', `/ops/users/${sam.id}/suspend`, (call) => {
    const { reason } = call.body as { reason: string };
    const suspension = { reason, suspended_at: new Date().toISOString(), operator_id: me.id };
    team = team.map((o) => (o.id === sam.id ? { ...o, suspension } : o));
    return { body: { user: { ...sam, suspension } } };
  });
  fakeApi.on('POST', `/ops/users/${sam.id}/reinstate`, () => {
    team = team.map((o) => (o.id === sam.id ? { ...o, suspension: null } : o));
    return { body: { user: sam } };
  });
  fakeApi.on('DELETE', `/ops/operators/${sam.id}`, () => {
    team = team.filter((o) => o.id !== sam.id);
    return { body: { operator: sam } };
  });
  return { sam };
}

test('an admin adds an operator and sees the one-time password once; suspends, reinstates and removes another, never themselves', async () => {
  const me = signedInAs(true);
  const { sam } = operatorRoutes(me);
  renderApp('/ops/operators');
  expect(await screen.findByRole('heading', { level: 1, name: 'Operators' })).toBeTruthy();
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(within(nav).getByRole('link', { name: 'Operators' })).toBeTruthy();

  // The list: the admin's own row has no actions.
  const mine = (await screen.findByText(me.email)).closest('tr')!;
  expect(within(mine).getByText('You')).toBeTruthy();
  expect(within(mine).getByText('Admin')).toBeTruthy();
  expect(within(mine).queryByRole('button')).toBeNull();

  // Add: the email is required; the one-time password shows after the answer.
  await userEvent.click(screen.getByRole('button', { name: 'Add operator' }));
  expect(screen.getByText("Enter the new operator's email.")).toBeTruthy();
  expect(fakeApi.callsTo('POST', '/ops/operators')).toHaveLength(0);
  await userEvent.type(screen.getByLabelText('Email'), 'new.ops@brigade.test');
  await userEvent.click(screen.getByLabelText('Admin (manages operators)'));
  await userEvent.click(screen.getByRole('button', { name: 'Add operator' }));
  expect(fakeApi.callsTo('POST', '/ops/operators')[0].body).toEqual({
    email: 'new.ops@brigade.test',
    admin: true,
  });
  expect((await screen.findByTestId('one-time-password')).textContent).toBe('Xq7-once-only-Pw');
  expect(
    await screen.findByTestId('state-new.ops@brigade.test', {}, { timeout: 3000 }).then((c) => c.textContent),
  ).toBe('Not logged in yet (one-time password)');

  // Suspend: a reason, then the confirmation.
  await userEvent.click(screen.getByRole('button', { name: `Suspend ${sam.email}` }));
  await userEvent.click(screen.getByRole('button', { name: 'Yes, suspend' }));
  expect(screen.getByText('Please give a reason.')).toBeTruthy();
  expect(fakeApi.callsTo('POST', `/ops/users/${sam.id}/suspend`)).toHaveLength(0);
  await userEvent.type(screen.getByLabelText('Reason (kept in the audit log)'), 'Left the team');
  await userEvent.click(screen.getByRole('button', { name: 'Yes, suspend' }));
  expect(fakeApi.callsTo('POST', `/ops/users/${sam.id}/suspend`)[0].body).toEqual({
    reason: 'Left the team',
  });
  expect(
    await screen.findByText(/^Suspended since .+: Left the team$/, {
      selector: `[data-testid="state-${sam.email}"]`,
    }),
  ).toBeTruthy();

  // Reinstate, then remove after confirming.
  await userEvent.click(screen.getByRole('button', { name: `Reinstate ${sam.email}` }));
  expect(fakeApi.callsTo('POST', `/ops/users/${sam.id}/reinstate`)).toHaveLength(1);
  await userEvent.click(await screen.findByRole('button', { name: `Remove ${sam.email}` }));
  expect(screen.getByRole('heading', { name: `Remove ${sam.email}?` })).toBeTruthy();
  expect(fakeApi.callsTo('DELETE', `/ops/operators/${sam.id}`)).toHaveLength(0);
  await userEvent.click(screen.getByRole('button', { name: 'Yes, remove' }));
  expect(fakeApi.callsTo('DELETE', `/ops/operators/${sam.id}`)).toHaveLength(1);
  await screen.findByText('new.ops@brigade.test');
  expect(await screen.findByRole('button', { name: 'Add operator' })).toBeTruthy();
  expect(screen.queryByText(sam.email)).toBeNull();
});

test("the server's refusal shows in place (Spanish): the last admin cannot be removed", async () => {
  const me = signedInAs(true, 'es');
  const { sam } = operatorRoutes(me);
  fakeApi.on('DELETE', `/ops/operators/${sam.id}`, {
    status: 409,
    body: { error: 'The last admin cannot be suspended or removed', code: 'IDENTITY.LAST_ADMIN' },
  });
  renderApp('/ops/operators');
  await userEvent.click(await screen.findByRole('button', { name: `Eliminar a ${sam.email}` }));
  await userEvent.click(screen.getByRole('button', { name: 'Sí, eliminar' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'No se puede suspender ni eliminar al último administrador. Haz administrador a otro operador primero.',
  );
});

test('an operator who is not an admin has no Operators link, and the page loads nothing', async () => {
  signedInAs(false);
  renderApp('/ops/operators');
  expect(await screen.findByText('Only admins manage operators. Ask an admin of your team.')).toBeTruthy();
  const nav = screen.getByRole('navigation', { name: 'Main' });
  expect(within(nav).queryByRole('link', { name: 'Operators' })).toBeNull();
  expect(fakeApi.callsTo('GET', '/ops/operators')).toHaveLength(0);
});

test('any operator sets up two-step login from the account menu: password, then the key, then a code', async () => {
  const me = signedInAs(false);
  fakeApi.on('POST', '/auth/totp/enrol', {
    body: { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/Brigade:lead?secret=JBSWY3DPEHPK3PXP' },
  });
  fakeApi.on('POST', '/auth/signin', { body: { session: makeSession(me), user: me } });
  const { router } = renderApp('/ops');
  await userEvent.click(await screen.findByRole('button', { name: /Account/ }));
  await userEvent.click(screen.getByRole('link', { name: 'Two-step login' }));
  expect(router.state.location.pathname).toBe('/ops/two-step');
  await userEvent.type(await screen.findByLabelText('Your password'), 'my password 1');
  await userEvent.click(screen.getByRole('button', { name: 'Get the key' }));
  expect(fakeApi.callsTo('POST', '/auth/totp/enrol')[0].body).toEqual({
    email: me.email,
    password: 'my password 1',
  });
  expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
  await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
  expect(
    await screen.findByText(
      'Two-step login is on. From now on, logging in also asks for the code from your app.',
    ),
  ).toBeTruthy();
  expect(fakeApi.callsTo('POST', '/auth/signin')[0].body).toEqual({
    email: me.email,
    password: 'my password 1',
    totp: '123456',
  });
});
