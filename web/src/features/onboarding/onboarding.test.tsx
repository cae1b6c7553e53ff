import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { chefProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in-minimal';

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

  test("a chef's home ZIP (issue 32) must be of the chosen city's area; only the ZIP's field is sent", async () => {
    const { user } = signedIn('chef', false);
    fakeApi.on('POST', '/profiles/chef', { body: { profile: chefProfile(user) } });
    const { router } = renderApp('/onboarding/worker');
    await screen.findByRole('heading', { name: 'Set up your chef profile' });
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana Cruz');
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Prep and grill.' } });
    expect(screen.getByText(/Only the ZIP code is used/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Home ZIP code or address'), '48216');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/not in the area of the city you chose/);
    await userEvent.selectOptions(screen.getByLabelText('City'), 'Detroit');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Grill Cook' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Complete Setup' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chef'));
    const form = fakeApi.callsTo('POST', '/profiles/chef')[0].body as FormData;
    expect(form.get('home')).toBe('48216');
    expect(form.get('homeLatitude')).toBeNull();
  });

  test("a name with hidden or direction characters, or of one letter, is refused before sending, in the server's words (issue 33)", async () => {
    signedIn('restaurant', false);
    renderApp('/onboarding/restaurant');
    await screen.findByRole('heading', { name: 'Set up your restaurant' });
    fireEvent.change(screen.getByLabelText('Restaurant name'), { target: { value: '\u202EKitchen North' } });
    fireEvent.change(screen.getByLabelText('Description'), { target: { value: 'Diner' } });
    fireEvent.change(screen.getByLabelText('Street address'), { target: { value: '1 Main St' } });
    await userEvent.selectOptions(screen.getByLabelText('City'), 'Minneapolis');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Names cannot contain invisible or text-direction characters. Please type the name again.',
    );
    fireEvent.change(screen.getByLabelText('Restaurant name'), { target: { value: 'K' } });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Names need at least 2 visible characters.');
    fireEvent.change(screen.getByLabelText('Restaurant name'), { target: { value: 'Kitchen North' } });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(fakeApi.calls.filter((c) => c.method === 'POST')).toEqual([]);
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
    // hours start empty (issue 32): every day closed, no times, and at least one day must be opened
    await screen.findByRole('button', { name: 'Complete Setup' });
    expect(screen.getAllByText('Closed')).toHaveLength(7);
    expect(screen.queryByLabelText('Monday opens at')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose at least one day you are open');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday open' }));
    expect((screen.getByLabelText('Monday opens at') as HTMLInputElement).value).toBe('11:00');
    expect(screen.getAllByText('Closed')).toHaveLength(6);
    await userEvent.click(screen.getByRole('button', { name: 'Complete Setup' }));
    expect((await screen.findByRole('alert')).textContent).toBe('City must be Minneapolis or Detroit');
    const hours = JSON.parse(
      String((fakeApi.callsTo('POST', '/profiles/restaurant')[0].body as FormData).get('operatingHours')),
    );
    expect(hours.monday).toEqual({ open: '11:00', close: '22:00', closed: false });
    expect(hours.tuesday.closed).toBe(true);
  });
});
