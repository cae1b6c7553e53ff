import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeCall } from '../../../test/fake-api';
import { makeSession, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { makeJob, signedIn } from '../../../test/signed-in';

// A signed-in account whose phone is not verified (it left /verify-phone, or its code never came) can
// restart verification from the dashboard and Settings; posting, applying and messaging tell it to.

/** verify-phone answers 200 for 123456; refresh answers a session whose user now has a verified phone. */
function verificationApi(user: ReturnType<typeof makeUser>) {
  fakeApi.on('POST', '/auth/resend-code', { body: { message: 'Verification code sent' } });
  fakeApi.on('POST', '/auth/verify-phone', (call: FakeCall) =>
    (call.body as { code: string }).code === '123456'
      ? { body: { message: 'Phone verified successfully' } }
      : { status: 400, body: { error: 'Invalid verification code', code: 'IDENTITY.INVALID_CODE' } },
  );
  fakeApi.on('POST', '/auth/refresh', {
    body: { session: makeSession({ ...user, phone_verified: true }, 3600, 'fresh') },
  });
}

describe('the Verify your phone card', () => {
  test('on the dashboard: send a new code, enter it, the session is refreshed and the card says so', async () => {
    const { user } = signedIn('chef', { phoneVerified: false });
    verificationApi(user);
    renderApp('/dashboard/chef');
    const card = (await screen.findByRole('heading', { name: 'Verify your phone' })).closest('section')!;
    expect(
      within(card).getByText(/Posting shifts, applying and messaging need a verified phone/),
    ).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Send a new code' }));
    expect(await within(card).findByText('Verification code sent!')).toBeTruthy();
    expect(fakeApi.callsTo('POST', '/auth/resend-code')[0].body).toEqual({ phone: user.phone });
    await userEvent.type(within(card).getByLabelText('Verification code'), '123450');
    await userEvent.click(within(card).getByRole('button', { name: 'Verify' }));
    expect((await within(card).findByRole('alert')).textContent).toBe('Invalid verification code');
    await userEvent.clear(within(card).getByLabelText('Verification code'));
    await userEvent.type(within(card).getByLabelText('Verification code'), '123456');
    await userEvent.click(within(card).getByRole('button', { name: 'Verify' }));
    expect(await within(card).findByText('Phone verified successfully')).toBeTruthy();
    expect(within(card).queryByLabelText('Verification code')).toBeNull();
    // The next calls carry a token that says the phone is verified.
    expect(fakeApi.callsTo('POST', '/auth/refresh')).toHaveLength(1);
    expect(fakeApi.callsTo('POST', '/auth/verify-phone').at(-1)!.body).toEqual({
      phone: user.phone,
      code: '123456',
    });
  });

  test('in Settings, with the too-many-codes answer in the screen language', async () => {
    signedIn('restaurant', { phoneVerified: false });
    fakeApi.on('POST', '/auth/resend-code', {
      status: 429,
      body: { error: 'server text', code: 'IDENTITY.TOO_MANY_CODES' },
    });
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Verify your phone' });
    await userEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many codes were sent to this phone number. Please try again in an hour.',
    );
  });

  test('is not shown once the phone is verified', async () => {
    signedIn('restaurant');
    renderApp('/dashboard/restaurant');
    await screen.findByRole('link', { name: 'Post Shift' });
    expect(screen.queryByRole('heading', { name: 'Verify your phone' })).toBeNull();
  });
});

test('a signed-in account that left /verify-phone can come back to it and goes on to its dashboard', async () => {
  const { user } = signedIn('chef', { phoneVerified: false });
  verificationApi(user);
  const { router } = renderApp('/verify-phone');
  await screen.findByText('Enter the 6-digit code we sent to (612) 555-0100.');
  // signed in: the person's own header (account menu, sections), never "Log In / Sign Up" (issue 32)
  expect(screen.getByRole('button', { name: /Account/ })).toBeTruthy();
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Log In' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Sign Up' })).toBeNull();
  await userEvent.type(screen.getByLabelText('Verification code'), '123456');
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
  expect(await screen.findByText('Phone verified successfully')).toBeTruthy();
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chef'), { timeout: 4000 });
});

async function signUpThroughTheForm(email: string) {
  renderApp('/signup');
  await screen.findByRole('heading', { name: 'Create your account' });
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Phone number'), '612 555 0100');
  await userEvent.type(screen.getByLabelText('Password'), 'password1');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'password1');
  await userEvent.click(screen.getByLabelText(/I accept the terms/));
  await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
}

test('when sign-up could not text a code, the verification screen says so', async () => {
  const user = { ...makeUser('chef'), phone_verified: false };
  fakeApi.on('POST', '/auth/signup', {
    status: 201,
    body: { session: makeSession(user), user, code_sent: false },
  });
  fakeApi.on('POST', '/agreements/accept', { status: 201, body: {} });
  await signUpThroughTheForm(user.email);
  await screen.findByRole('heading', { name: 'Verify your phone' });
  expect(screen.getByRole('status').textContent).toBe(
    'We could not text you a code just now. Use “Resend code” in a moment.',
  );
});

test('sign-up with a phone another account verified shows why, with a way to log in', async () => {
  fakeApi.on('POST', '/auth/signup', {
    status: 409,
    body: { error: 'server text', code: 'IDENTITY.PHONE_TAKEN' },
  });
  const user = makeUser('chef');
  await signUpThroughTheForm(user.email);
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe(
    'This phone number is already verified on another Brigade account. Log in to that account, or use another number. Log In',
  );
  expect(within(alert).getByRole('link', { name: 'Log In' }).getAttribute('href')).toBe('/login');
});

test('applying refused by the server for an unverified phone says to verify it first, with a link to do it', async () => {
  // the screen thought the phone verified (another device's session); the server's refusal says otherwise
  const { user } = signedIn('chef');
  const job = makeJob();
  fakeApi.on('GET', '/jobs/:id', { body: { job: { ...job, user_applied: false } } });
  fakeApi.on('POST', '/auth/refresh', { body: { session: makeSession(user, 3600, 'still') } });
  fakeApi.on('POST', '/jobs/:id/apply', {
    status: 403,
    body: { error: 'server text', code: 'AUTH.PHONE_UNVERIFIED' },
  });
  renderApp(`/jobs/${job.id}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Apply for this shift' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toBe(
    'Verify your phone number first: posting shifts, applying and messaging need it. Verify my phone',
  );
  expect(within(alert).getByRole('link', { name: 'Verify my phone' }).getAttribute('href')).toBe(
    '/verify-phone',
  );
});
