import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { restaurantProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in-minimal';

// Issue 34: the restaurant pins its location ("I am at the restaurant now") from Settings and onboarding, with the
// button's states (asking, pinned at a time with its accuracy, refused by the browser, too vague, refused by the
// server), and the dashboard says chefs clock in with a code only while there is no pin.

const formFields = (body: unknown) =>
  Object.fromEntries([...(body as FormData).entries()].map(([k, v]) => [k, String(v)]));

/** The browser's Geolocation API as a phone answers it: a position, a refusal, or nothing yet. */
function phoneSays(answer: { accuracy: number } | 'denied' | 'never') {
  const asked: PositionOptions[] = [];
  const getCurrentPosition = (
    ok: PositionCallback,
    fail: PositionErrorCallback,
    options: PositionOptions,
  ) => {
    asked.push(options);
    if (answer === 'never') return;
    if (answer === 'denied')
      return fail({ code: 1, PERMISSION_DENIED: 1, message: 'denied' } as GeolocationPositionError);
    ok({
      coords: { latitude: 44.9863512, longitude: -93.2698734, accuracy: answer.accuracy },
    } as GeolocationPosition);
  };
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return asked;
}

function unpinnedRestaurant() {
  const { user } = signedIn('restaurant');
  const profile = { ...restaurantProfile(user), location_pinned: false, location_pin: null };
  fakeApi.on('GET', '/profiles/me', { body: { user, profile } });
  return { user, profile };
}

const openSettings = async () => {
  renderApp('/settings');
  await screen.findByRole('heading', { name: "Your restaurant's location" });
};

describe("the restaurant's location pin", () => {
  test('Settings: "I am at the restaurant now" asks the phone precisely, saves the pin and shows when and how precise', async () => {
    const { profile } = unpinnedRestaurant();
    const asked = phoneSays({ accuracy: 18.4 });
    const pinned_at = '2026-11-29T15:12:00.000Z';
    fakeApi.on('POST', '/profiles/restaurant', {
      body: {
        profile: {
          ...profile,
          latitude: 44.98635,
          longitude: -93.26987,
          location_pinned: true,
          location_pin: { pinned_at, accuracy_m: 18.4 },
        },
      },
    });
    await openSettings();
    expect(screen.getByTestId('pin-status').textContent).toBe('Not pinned yet.');
    expect(screen.getByText(/Without a pin they clock in with a code only/)).toBeTruthy();
    expect(screen.getByText(/Changing your address or ZIP code removes the pin/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'I am at the restaurant now' }));
    expect(await screen.findByText(/^Location pinned\./)).toBeTruthy();
    expect(asked).toEqual([expect.objectContaining({ enableHighAccuracy: true, maximumAge: 0 })]);
    expect(formFields(fakeApi.callsTo('POST', '/profiles/restaurant')[0].body)).toEqual({
      latitude: '44.9863512',
      longitude: '-93.2698734',
      accuracyM: '18.4',
    });
    expect(screen.getByTestId('pin-status').textContent).toMatch(/^Pinned on .+, to within 18 m\.$/);
    expect(screen.getByRole('button', { name: 'Pin it again from here' })).toBeTruthy();
  });

  test('while the phone is asked, the button says so and waits', async () => {
    unpinnedRestaurant();
    phoneSays('never');
    await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'I am at the restaurant now' }));
    const waiting = screen.getByRole('button', { name: 'Asking your phone where you are...' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
  });

  test('a position vaguer than 250 m is refused before it is sent', async () => {
    unpinnedRestaurant();
    phoneSays({ accuracy: 900 });
    await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'I am at the restaurant now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your phone knows where you are only to within 900 m; a pin needs 250 m or better. Turn on precise location or step near a window, then try again.',
    );
    expect(fakeApi.callsTo('POST', '/profiles/restaurant')).toHaveLength(0);
    expect(screen.getByTestId('pin-status').textContent).toBe('Not pinned yet.');
  });

  test('a browser that blocks location says how to allow it, and that chefs use a code until then', async () => {
    unpinnedRestaurant();
    phoneSays('denied');
    await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'I am at the restaurant now' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /^Location is blocked for Brigade\. Allow it .* Until then chefs clock in with a code\.$/,
    );
    expect(fakeApi.callsTo('POST', '/profiles/restaurant')).toHaveLength(0);
  });

  test("the server's refusal is shown in the reader's words", async () => {
    unpinnedRestaurant();
    phoneSays({ accuracy: 10 });
    fakeApi.on('POST', '/profiles/restaurant', {
      status: 422,
      body: {
        error: 'That position is more than 45 miles from your city.',
        code: 'IDENTITY.PIN_OUTSIDE_AREA',
      },
    });
    await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'I am at the restaurant now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'That position is more than 45 miles from your city. Pin the location while you are at the restaurant.',
    );
    expect(screen.getByTestId('pin-status').textContent).toBe('Not pinned yet.');
  });

  test("onboarding: the pin taken on step 1 is sent with the profile, in place of the city picker's centre", async () => {
    const { user } = signedIn('restaurant', false);
    phoneSays({ accuracy: 32 });
    fakeApi.on('POST', '/profiles/restaurant', {
      body: { profile: { ...restaurantProfile(user), location_pinned: true } },
    });
    renderApp('/onboarding/restaurant');
    await screen.findByRole('heading', { name: 'Set up your restaurant' });
    await userEvent.type(screen.getByLabelText('Restaurant name'), 'Loop Diner');
    await userEvent.type(screen.getByLabelText('Description'), 'Diner');
    await userEvent.type(screen.getByLabelText('Street address'), '212 N 1st Ave');
    await userEvent.selectOptions(screen.getByLabelText('City'), 'Minneapolis');
    expect(screen.getByText(/Skip this and pin it later from Settings/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'I am at the restaurant now' }));
    expect((await screen.findByTestId('pin-status')).textContent).toMatch(/^Pinned on .+, to within 32 m\.$/);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Thai' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Monday open' }));
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    await waitFor(() => expect(fakeApi.callsTo('POST', '/profiles/restaurant')).toHaveLength(1));
    expect(formFields(fakeApi.callsTo('POST', '/profiles/restaurant')[0].body)).toMatchObject({
      latitude: '44.9863512',
      longitude: '-93.2698734',
      accuracyM: '32',
    });
  });

  test('the dashboard tells a restaurant without a pin that chefs clock in with a code only, and where to pin it', async () => {
    unpinnedRestaurant();
    renderApp('/dashboard/restaurant');
    const notice = await screen.findByTestId('pin-missing');
    expect(notice.textContent).toMatch(/Chefs will clock in with a code only until you pin/);
    expect(screen.getByRole('link', { name: 'Pin it in Settings' }).getAttribute('href')).toBe('/settings');
  });

  test('a pinned restaurant sees no notice', async () => {
    const { user } = signedIn('restaurant');
    const profile = {
      ...restaurantProfile(user),
      location_pinned: true,
      location_pin: { pinned_at: '2026-11-29T15:12:00.000Z', accuracy_m: 12 },
    };
    fakeApi.on('GET', '/profiles/me', { body: { user, profile } });
    renderApp('/dashboard/restaurant');
    await screen.findByRole('heading', { name: 'North Loop Kitchen' });
    expect(screen.queryByTestId('pin-missing')).toBeNull();
  });
});
