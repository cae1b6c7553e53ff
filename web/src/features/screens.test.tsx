import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../test/fake-api';
import {
  chefProfile,
  makeSession,
  makeUser,
  restaurantProfile,
  storeSessionForTest,
} from '../../test/fixtures';
import { renderApp } from '../../test/render';

const noAccount = {
  charges_enabled: false,
  payouts_enabled: false,
  requirements: { currently_due: [] },
  account_id: null,
};

function signedIn(type: 'chef' | 'restaurant', withProfile = true) {
  const user = makeUser(type);
  storeSessionForTest(makeSession(user));
  const profile = withProfile ? (type === 'chef' ? chefProfile(user) : restaurantProfile(user)) : null;
  fakeApi.on('GET', '/profiles/me', { body: { user, profile } });
  fakeApi.on('GET', '/jobs', { body: { jobs: [] } });
  fakeApi.on('GET', '/applications', { body: { applications: [] } });
  fakeApi.on('GET', '/favorites', { body: { favorites: [] } });
  fakeApi.on('GET', '/payments/connect/account-status', { body: noAccount });
  return { user, profile };
}

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

describe('onboarding', () => {
  test('a chef cannot move on without name and bio, sees the bio counter, and Complete Setup saves and opens the dashboard', async () => {
    const { user } = signedIn('chef', false);
    fakeApi.on('POST', '/profiles/chef', (call) => {
      const form = call.body as FormData;
      return {
        body: {
          profile: {
            ...chefProfile(user),
            name: String(form.get('name')),
            skills: JSON.parse(String(form.get('skills'))),
          },
        },
      };
    });
    const { router } = renderApp('/onboarding/worker');
    await screen.findByRole('heading', { name: 'Set up your chef profile' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please fill in all required fields. Bio must be 250 characters or less.',
    );
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana Cruz');
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Prep and grill.' } });
    expect(screen.getByText('15/250 characters')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('City'), 'Detroit');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Skills' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select at least one skill');
    await userEvent.click(screen.getByRole('button', { name: 'Grill Cook' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Availability' });
    expect((screen.getByLabelText('Friday to') as HTMLInputElement).value).toBe('20:00');
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chef'));
    const form = fakeApi.callsTo('POST', '/profiles/chef')[0].body as FormData;
    expect(form.get('city')).toBe('Detroit');
    expect(form.get('state')).toBe('MI');
    expect(form.get('latitude')).toBe('42.3314');
    expect(JSON.parse(String(form.get('availability'))).sunday).toEqual({
      available: true,
      start: '09:00',
      end: '17:00',
    });
  });

  test('a restaurant is told to fill the required fields and to pick a cuisine; a save failure shows the server text', async () => {
    signedIn('restaurant', false);
    fakeApi.on('POST', '/profiles/restaurant', {
      status: 400,
      body: { error: 'City must be Minneapolis or Detroit', code: 'IDENTITY.BAD_CITY' },
    });
    renderApp('/onboarding/restaurant');
    await screen.findByRole('heading', { name: 'Set up your restaurant' });
    await userEvent.type(screen.getByLabelText('Restaurant name'), 'Loop');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required fields');
    await userEvent.type(screen.getByLabelText('Description'), 'Diner');
    await userEvent.type(screen.getByLabelText('Street address'), '1 Main St');
    await userEvent.selectOptions(screen.getByLabelText('City'), 'Minneapolis');
    expect((screen.getByLabelText('State') as HTMLInputElement).value).toBe('MN');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select at least one cuisine type');
    const upload = screen.getByLabelText(/Logo/);
    await userEvent.upload(upload, new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }), {
      applyAccept: false,
    });
    expect(screen.getByText('Please upload an image file')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Thai' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    expect((await screen.findByRole('alert')).textContent).toBe('City must be Minneapolis or Detroit');
  });
});

describe('dashboards', () => {
  test('the restaurant dashboard shows its real average rating, new applications and a roster with Try Again', async () => {
    signedIn('restaurant');
    const recent = new Date(Date.now() - 3600_000).toISOString();
    fakeApi.on('GET', '/applications', {
      body: {
        applications: [
          { id: 'a1', status: 'pending', created_at: recent, worker_confirmed: null },
          { id: 'a2', status: 'accepted', created_at: '2026-01-01T00:00:00Z', worker_confirmed: true },
        ],
      },
    });
    let rosterUp = false;
    fakeApi.on('GET', '/favorites', () =>
      rosterUp
        ? {
            body: {
              favorites: [
                {
                  id: 'f1',
                  chef_profile_id: 'c1',
                  chef_profiles: {
                    id: 'c1',
                    name: 'Sam Reyes',
                    skills: ['Line Cook', 'Prep Cook', 'Dishwasher', 'Server'],
                  },
                  stats: { shiftsCompleted: 3, averageRating: 4.7, lastWorked: null },
                },
              ],
            },
          }
        : { status: 500, body: { error: 'down', code: 'X' } },
    );
    renderApp('/dashboard/restaurant');
    await screen.findByRole('heading', { name: 'North Loop Kitchen' });
    expect(await screen.findByText('4.3')).toBeTruthy();
    expect(screen.queryByText('4.8')).toBeNull();
    expect(screen.getByText('1 new application in the last 24 hours')).toBeTruthy();
    const staff = screen.getByText('Confirmed Staff').parentElement!;
    expect(within(staff).getByText('1')).toBeTruthy();
    expect(await screen.findByText('Failed to load worker roster')).toBeTruthy();
    rosterUp = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Sam Reyes' })).toBeTruthy();
    expect(screen.queryByText('Server')).toBeNull(); // three skills at most
    expect(screen.getByRole('heading', { name: 'Getting started' })).toBeTruthy();
  });
});

describe('settings', () => {
  test('notification switches are saved to the server', async () => {
    signedIn('chef');
    let saved: unknown = null;
    fakeApi.on('GET', '/notifications/preferences', {
      body: { sms_notifications: true, job_reminders: true, rating_reminders: true },
    });
    fakeApi.on('PUT', '/notifications/preferences', (call) => ((saved = call.body), { body: call.body }));
    renderApp('/settings');
    await screen.findByRole('heading', { name: 'Settings' });
    expect(screen.getByRole('tab', { name: 'Payments' })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Notifications' }));
    const sms = await screen.findByRole('switch', { name: 'SMS Notifications' });
    expect(sms.getAttribute('aria-checked')).toBe('true');
    await userEvent.click(sms);
    expect(await screen.findByText('Notification settings saved')).toBeTruthy();
    expect(saved).toEqual({ sms_notifications: false, job_reminders: true, rating_reminders: true });
    expect(screen.getByRole('switch', { name: 'SMS Notifications' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  test('the profile tab updates the profile and says so', async () => {
    const { user } = signedIn('restaurant');
    fakeApi.on('POST', '/profiles/restaurant', (call) => ({
      body: { profile: { ...restaurantProfile(user), name: String((call.body as FormData).get('name')) } },
    }));
    renderApp('/settings');
    const name = await screen.findByLabelText('Restaurant Name');
    expect(screen.queryByRole('tab', { name: 'Payments' })).toBeNull();
    await userEvent.clear(name);
    await userEvent.type(name, 'Loop Diner');
    await userEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
  });
});

describe('payment setup', () => {
  test('a chef with requirements due sees them grouped and can continue the setup', async () => {
    signedIn('chef');
    fakeApi.on('GET', '/payments/connect/account-status', {
      body: {
        charges_enabled: false,
        payouts_enabled: false,
        account_id: 'acct_9',
        requirements: {
          currently_due: [
            'individual.dob.day',
            'individual.first_name',
            'individual.last_name',
            'individual.email',
            'external_account',
          ],
        },
      },
    });
    fakeApi.on('POST', '/payments/connect/onboarding-link', {
      body: { url: '/sandbox/stripe/connect/onboarding/acct_9' },
    });
    renderApp('/payments/stripe/onboarding');
    await screen.findByRole('heading', { name: 'Payout Setup Required' });
    expect(screen.getByRole('heading', { name: 'Identity' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Banking' })).toBeTruthy();
    expect(screen.getByText('and 1 more')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue Setup' }));
    await waitFor(() =>
      expect(fakeApi.callsTo('POST', '/payments/connect/onboarding-link')[0]?.body).toEqual({
        account_id: 'acct_9',
      }),
    );
  });

  test('without an account, Create Account creates one; a failure shows the spec text', async () => {
    signedIn('restaurant');
    fakeApi.on('POST', '/payments/connect/create-account', { status: 500, body: {} });
    renderApp('/payments/stripe/onboarding');
    await screen.findByRole('heading', { name: 'Set up payments' });
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create account');
  });

  test('back from the provider with setup=complete the status is read again', async () => {
    signedIn('chef');
    let reads = 0;
    fakeApi.on('GET', '/payments/connect/account-status', () => ({
      body:
        ++reads === 1
          ? { ...noAccount, account_id: 'acct_9' }
          : {
              charges_enabled: true,
              payouts_enabled: true,
              requirements: { currently_due: [] },
              account_id: 'acct_9',
            },
    }));
    renderApp('/payments/stripe/onboarding-complete?setup=complete');
    expect(await screen.findByRole('heading', { name: 'Setup Complete' }, { timeout: 6000 })).toBeTruthy();
    expect(reads).toBeGreaterThanOrEqual(2);
  });
});
