import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { makeSession, restaurantProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in-minimal';

// The wizard's step lives in the URL and its draft in sessionStorage: the browser's Back and Forward move between
// steps, a reload (a new router at the same URL) keeps both, and a saved profile clears the draft.
describe('onboarding survives Back, Forward and reload', () => {
  test('a chef fills step 1, goes to step 2 (/onboarding/worker/2), Back shows step 1 with the draft, Forward step 2', async () => {
    signedIn('chef', false);
    const { router, unmount } = renderApp('/onboarding/worker');
    await screen.findByRole('heading', { name: 'Set up your chef profile' });
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana Cruz');
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Prep and grill.' } });
    await userEvent.selectOptions(screen.getByLabelText('City'), 'Detroit');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Skills' });
    expect(router.state.location.pathname).toBe('/onboarding/worker/2');
    await userEvent.click(screen.getByRole('button', { name: 'Grill Cook' }));

    await router.navigate(-1);
    await screen.findByRole('heading', { name: 'About you' });
    expect(router.state.location.pathname).toBe('/onboarding/worker');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ana Cruz');
    expect((screen.getByLabelText('City') as HTMLSelectElement).value).toBe('Detroit');

    await router.navigate(1);
    await screen.findByRole('heading', { name: 'Skills' });
    expect(screen.getByRole('button', { name: 'Grill Cook' }).getAttribute('aria-pressed')).toBe('true');

    // reload: a new app at the same URL
    unmount();
    const again = renderApp('/onboarding/worker/2');
    await screen.findByRole('heading', { name: 'Skills' });
    expect(screen.getByRole('button', { name: 'Grill Cook' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { name: 'About you' });
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Ana Cruz');
    expect((screen.getByLabelText('Bio') as HTMLTextAreaElement).value).toBe('Prep and grill.');
    expect(again.router.state.location.pathname).toBe('/onboarding/worker');
  });

  test('Previous after Next goes back in history, so the browser Back and the button agree', async () => {
    signedIn('chef', false);
    const { router } = renderApp('/onboarding/chef');
    await screen.findByRole('heading', { name: 'Set up your chef profile' });
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana Cruz');
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Prep.' } });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Skills' });
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByRole('heading', { name: 'About you' });
    // the step-2 entry is still ahead: Forward returns to it
    await router.navigate(1);
    await screen.findByRole('heading', { name: 'Skills' });
    expect(router.state.location.pathname).toBe('/onboarding/chef/2');
  });

  test('a typed URL to a later step with an unfinished earlier one opens the first unfinished step', async () => {
    signedIn('restaurant', false);
    const { router, unmount } = renderApp('/onboarding/restaurant/3');
    await screen.findByRole('heading', { name: 'Basic information' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/restaurant'));
    unmount();
    for (const wrong of ['/onboarding/restaurant/9', '/onboarding/restaurant/abc']) {
      const again = renderApp(wrong);
      await screen.findByRole('heading', { name: 'Basic information' });
      await waitFor(() => expect(again.router.state.location.pathname).toBe('/onboarding/restaurant'));
      again.unmount();
    }
  });

  test('a saved profile clears the draft: the next wizard starts empty', async () => {
    const { user } = signedIn('restaurant', false);
    fakeApi.on('POST', '/profiles/restaurant', { body: { profile: restaurantProfile(user) } });
    const { router, unmount } = renderApp('/onboarding/restaurant');
    await screen.findByRole('heading', { name: 'Set up your restaurant' });
    await userEvent.type(screen.getByLabelText('Restaurant name'), 'Loop');
    await userEvent.type(screen.getByLabelText('Description'), 'Diner');
    await userEvent.type(screen.getByLabelText('Street address'), '1 Main St');
    await userEvent.selectOptions(screen.getByLabelText('City'), 'Minneapolis');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Thai' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(router.state.location.pathname).toBe('/onboarding/restaurant/3');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Friday open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/restaurant'));
    expect(Object.keys(sessionStorage).filter((k) => k.startsWith('brigade.onboarding'))).toEqual([]);
    unmount();
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
    renderApp('/onboarding/restaurant');
    expect(((await screen.findByLabelText('Restaurant name')) as HTMLInputElement).value).toBe('');
  });

  test('after phone verification the page is replaced: Back from onboarding never returns to /verify-phone', async () => {
    const { user } = signedIn('chef', false);
    fakeApi.on('POST', '/auth/verify-phone', { body: { message: 'Phone verified successfully' } });
    fakeApi.on('POST', '/auth/refresh', {
      body: { session: makeSession({ ...user, phone_verified: true }, 3600, 'fresh') },
    });
    const { router } = renderApp({
      pathname: '/verify-phone',
      state: { phone: '+16125550100', userType: 'chef', codeSent: true },
    });
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/worker'), { timeout: 4000 });
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
