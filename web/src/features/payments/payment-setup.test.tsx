import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { noAccount, signedIn } from '../../../test/signed-in-minimal';

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
    signedIn('chef');
    fakeApi.on('POST', '/payments/connect/create-account', { status: 500, body: {} });
    renderApp('/payments/stripe/onboarding');
    await screen.findByRole('heading', { name: 'Set up payouts' });
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
