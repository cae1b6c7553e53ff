// An operator's login (issue 33): a one-time password is replaced by their own before any session opens, and
// two-step login asks for the authenticator's code (setting it up first when it is required).
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { makeSession, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const operator = {
  ...makeUser('chef'),
  email: 'new.ops@brigade.test',
  user_type: 'operator' as const,
  admin: false,
};

function consoleRoutes() {
  fakeApi.on('GET', '/profiles/me', { body: { user: operator, profile: null } });
  fakeApi.on('GET', '/ops/disputes', { body: { disputes: [] } });
}

async function logIn(password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), operator.email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
}

test('a one-time password: the operator chooses their own, then lands in the console', async () => {
  consoleRoutes();
  fakeApi.on('POST', '/auth/signin', (call) =>
    (call.body as { password: string }).password === 'my own password'
      ? { body: { session: makeSession(operator), user: operator } }
      : {
          status: 403,
          body: { error: 'Please choose a new password', code: 'IDENTITY.PASSWORD_CHANGE_REQUIRED' },
        },
  );
  fakeApi.on('POST', '/auth/password/change', { body: { message: 'changed' } });
  const { router } = renderApp('/login');
  await logIn('Xq7-once-only-Pw');
  expect(await screen.findByRole('heading', { level: 1, name: 'Choose your password' })).toBeTruthy();
  await userEvent.type(screen.getByLabelText('New password'), 'my own password');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'my own passwor');
  await userEvent.click(screen.getByRole('button', { name: 'Save and log in' }));
  expect(screen.getByText("Passwords don't match")).toBeTruthy();
  expect(fakeApi.callsTo('POST', '/auth/password/change')).toHaveLength(0);
  await userEvent.type(screen.getByLabelText('Confirm password'), 'd');
  await userEvent.click(screen.getByRole('button', { name: 'Save and log in' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Open disputes' })).toBeTruthy();
  expect(fakeApi.callsTo('POST', '/auth/password/change')[0].body).toEqual({
    email: operator.email,
    password: 'Xq7-once-only-Pw',
    new_password: 'my own password',
  });
  expect(router.state.location.pathname).toBe('/ops');
});

test('two-step login required and not set up: the key is shown, then the code opens the console', async () => {
  consoleRoutes();
  fakeApi.on('POST', '/auth/signin', (call) => {
    const { totp } = call.body as { totp?: string };
    if (totp === '123456') return { body: { session: makeSession(operator), user: operator } };
    if (totp)
      return { status: 401, body: { error: 'This code is not right', code: 'IDENTITY.TOTP_INVALID' } };
    return { status: 403, body: { error: 'Set it up', code: 'IDENTITY.TOTP_ENROLMENT_REQUIRED' } };
  });
  fakeApi.on('POST', '/auth/totp/enrol', {
    body: {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_uri: 'otpauth://totp/Brigade:new.ops?secret=JBSWY3DPEHPK3PXP',
    },
  });
  renderApp('/login');
  await logIn('my own password');
  expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-step login' })).toBeTruthy();
  expect(screen.getByTestId('totp-secret').textContent).toBe('JBSWY3DPEHPK3PXP');
  expect(fakeApi.callsTo('POST', '/auth/totp/enrol')[0].body).toEqual({
    email: operator.email,
    password: 'my own password',
  });
  await userEvent.type(screen.getByLabelText('6-digit code'), '654321');
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
  expect((await screen.findByRole('alert')).textContent).toBe(
    'This code is not right. Enter the current code from your authenticator app.',
  );
  await userEvent.clear(screen.getByLabelText('6-digit code'));
  await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Open disputes' })).toBeTruthy();
});
