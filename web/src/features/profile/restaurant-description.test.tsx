// Issue 32: a restaurant's description reaches a cook of the other language translated, marked so; the
// restaurant reads its own as written.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { makeUser, restaurantProfile } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in';

afterEach(() => void i18n.changeLanguage('en'));

test("a Spanish-speaking cook reads a restaurant's English description in Spanish, the original on request", async () => {
  signedIn('chef', { language: 'es' });
  const profile = {
    ...restaurantProfile(makeUser('restaurant')),
    description: 'Family kitchen. Park in the lot behind the building.',
    description_translation: {
      language: 'en' as const,
      translated_text: 'Cocina familiar. Estaciónate en el estacionamiento detrás del edificio.',
      translated_language: 'es' as const,
    },
  };
  fakeApi.on('GET', `/profiles/restaurant/${profile.id}`, { body: { profile } });
  renderApp(`/profile/restaurant/${profile.id}`);
  const text = await screen.findByTestId('restaurant-description');
  expect(text.textContent).toBe('Cocina familiar. Estaciónate en el estacionamiento detrás del edificio.');
  const mark = screen.getByTestId('translation-mark');
  expect(mark.textContent).toBe('Traducido del inglés · Ver original');
  await userEvent.click(within(mark).getByRole('button', { name: 'Ver original' }));
  expect(screen.getByTestId('restaurant-description').textContent).toBe(
    'Family kitchen. Park in the lot behind the building.',
  );
});

test('an English-speaking cook reads a Spanish description not translated yet as written, marked so', async () => {
  signedIn('chef');
  const profile = {
    ...restaurantProfile(makeUser('restaurant')),
    description: 'Taquería familiar.',
    description_translation: { language: 'es' as const, translated_text: null, translated_language: null },
  };
  fakeApi.on('GET', `/profiles/restaurant/${profile.id}`, { body: { profile } });
  renderApp(`/profile/restaurant/${profile.id}`);
  expect((await screen.findByTestId('restaurant-description')).textContent).toBe('Taquería familiar.');
  expect(screen.getByTestId('translation-mark').textContent).toBe('Not translated');
});
