import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { chefProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in-minimal';
import { signedIn as signedInAs } from '../../../test/signed-in';

// Issue 32: a chef says which languages they speak, in onboarding and in Settings > Profile. The common kitchen
// languages are buttons, any other ISO 639-1 language comes from a list, all named in the reader's language;
// at least one, at most ten.

afterEach(() => void i18n.changeLanguage('en'));

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

/** Onboarding up to step 2 (skills and languages). */
async function toStepTwo() {
  await screen.findByRole('heading', { name: 'Set up your chef profile' });
  await userEvent.type(screen.getByLabelText('Full name'), 'Ana Cruz');
  fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Prep and grill.' } });
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Skills' });
  await userEvent.click(screen.getByRole('button', { name: 'Grill Cook' }));
}

/** Step 2 to Complete Setup; the form the profile was saved with. */
async function complete(router: { state: { location: { pathname: string } } }) {
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Complete Setup' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/chef'));
  return fakeApi.callsTo('POST', '/profiles/chef')[0].body as FormData;
}

describe('choosing the languages one speaks', () => {
  test('onboarding starts from the account’s language; the chef adds a common one and one from the list', async () => {
    const { user } = signedIn('chef', false);
    fakeApi.on('POST', '/profiles/chef', { body: { profile: chefProfile(user) } });
    const { router } = renderApp('/onboarding/worker');
    await toStepTwo();
    const field = screen.getByRole('group', { name: 'Languages you speak' });
    expect(pressed('English')).toBe('true');
    expect(pressed('Spanish')).toBe('false');
    // The last language cannot be taken off: one speaks at least one.
    await userEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(pressed('English')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Spanish' }));
    await userEvent.selectOptions(within(field).getByLabelText('Another language'), 'ht');
    expect(pressed('Haitian Creole')).toBe('true');
    const form = await complete(router);
    expect(JSON.parse(String(form.get('languages')))).toEqual(['en', 'es', 'ht']);
  });

  test('a chef who leaves the languages as they are sends none: the account’s language stays', async () => {
    const { user } = signedIn('chef', false);
    fakeApi.on('POST', '/profiles/chef', { body: { profile: chefProfile(user) } });
    const { router } = renderApp('/onboarding/worker');
    await toStepTwo();
    expect(pressed('English')).toBe('true');
    const form = await complete(router);
    expect(form.get('languages')).toBeNull();
  });

  test('Settings > Profile in Spanish: the profile’s languages by their Spanish names; changes are saved', async () => {
    const { profile } = signedInAs('chef', { language: 'es' });
    await i18n.changeLanguage('es');
    let sent: unknown = null;
    fakeApi.on('POST', '/profiles/chef', (call) => {
      sent = JSON.parse(String((call.body as FormData).get('languages')));
      return { body: { profile: { ...profile!, languages: sent } } };
    });
    renderApp('/settings');
    await screen.findByRole('group', { name: 'Idiomas que hablas' });
    expect(pressed('Español')).toBe('true');
    expect(pressed('Inglés')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Inglés' }));
    await userEvent.click(screen.getByRole('button', { name: 'Somalí' }));
    await userEvent.click(screen.getByRole('button', { name: 'Actualizar perfil' }));
    expect(await screen.findByText('¡Perfil actualizado correctamente!')).toBeTruthy();
    expect(sent).toEqual(['es', 'so']);
  });

  test('ten languages at most: the others are offered no more, and the page says why', async () => {
    const { user } = signedIn('chef');
    const ten = ['en', 'es', 'so', 'ar', 'vi', 'zh', 'fr', 'am', 'om', 'bn'];
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: { ...chefProfile(user), languages: ten } } });
    renderApp('/settings');
    const field = await screen.findByRole('group', { name: 'Languages you speak' });
    expect(within(field).getByText(/You chose 10 languages, the most a profile shows/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Korean' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(field).getByLabelText('Another language') as HTMLSelectElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Arabic' }));
    expect((screen.getByRole('button', { name: 'Korean' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
