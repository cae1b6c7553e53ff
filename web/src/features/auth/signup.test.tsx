import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { makeSession, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

describe('sign-up and phone verification', () => {
  test('the role comes from ?type=, submit waits for matching passwords and the terms, then the phone is verified', async () => {
    const user = makeUser('restaurant');
    fakeApi.on('POST', '/auth/signup', { status: 201, body: { session: makeSession(user), user } });
    fakeApi.on('POST', '/agreements/accept', { status: 201, body: {} });
    fakeApi.on('POST', '/auth/verify-phone', (call) =>
      (call.body as { code: string }).code === '123456'
        ? { body: { message: 'Phone verified successfully' } }
        : { status: 400, body: { error: 'Invalid verification code', code: 'AUTH.BAD_CODE' } },
    );
    fakeApi.on('POST', '/auth/resend-code', { body: { message: 'sent' } });
    fakeApi.on('POST', '/auth/refresh', { body: { session: makeSession(user, 3600, 'verified') } });
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
    const { router } = renderApp('/signup?type=restaurant');
    await screen.findByRole('heading', { name: 'Create your account' });
    expect((screen.getByRole('radio', { name: 'Restaurant' }) as HTMLInputElement).checked).toBe(true);
    const submit = screen.getByRole('button', { name: 'Sign Up' });
    await userEvent.type(screen.getByLabelText('Email'), user.email);
    await userEvent.type(screen.getByLabelText('Phone number'), '612 555 0100');
    await userEvent.type(screen.getByLabelText('Password'), 'password1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password2');
    expect(screen.getByText("Passwords don't match")).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Confirm password'));
    await userEvent.type(screen.getByLabelText('Confirm password'), 'password1');
    expect((submit as HTMLButtonElement).disabled).toBe(true); // terms not accepted yet
    await userEvent.click(screen.getByLabelText(/I accept the terms/));
    await userEvent.click(submit);

    await screen.findByRole('heading', { name: 'Verify your phone' });
    expect(fakeApi.callsTo('POST', '/agreements/accept')[0].body).toEqual({
      agreementType: 'restaurant_tos',
      version: '1.0',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    expect((await screen.findByRole('status')).textContent).toBe('Verification code sent!');
    const code = screen.getByLabelText('Verification code');
    await userEvent.type(code, '12a345');
    expect((code as HTMLInputElement).value).toBe('12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a 6-digit code');
    await userEvent.type(code, '6');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Phone verified successfully')).toBeTruthy();
    // A fresh token carries the verified phone (posting, applying and messaging need it).
    expect(fakeApi.callsTo('POST', '/auth/refresh')).toHaveLength(1);
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/restaurant'), {
      timeout: 4000,
    });
  });

  test('the verification page without a phone in navigation state goes back to sign-up', async () => {
    const { router } = renderApp('/verify-phone');
    await screen.findByRole('heading', { name: 'Create your account' });
    expect(router.state.location.pathname).toBe('/signup');
  });
});
