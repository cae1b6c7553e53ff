// The landing page's position tiles are the Post Shift form's positions (issue 32: they named other roles, Chef,
// Sous, Events...), in the reader's language, each leading to a chef's sign-up.
import { screen, within } from '@testing-library/react';
import i18n from '../../shared/i18n';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in';

afterEach(() => void i18n.changeLanguage('en'));

const tiles = async () => {
  const section = (
    await screen.findByRole('heading', { name: /Every station|Todas las estaciones/ })
  ).closest('section')!;
  return within(section).getAllByRole('listitem');
};

async function postFormPositions(lang: 'en' | 'es'): Promise<string[]> {
  signedIn('restaurant', { language: lang });
  const { unmount } = renderApp('/jobs/post');
  const select = (await screen.findByLabelText(/^(Position|Puesto)$/)) as HTMLSelectElement;
  const names = [...select.options].filter((o) => o.value).map((o) => o.textContent ?? '');
  unmount();
  return names;
}

test.each([
  ['en', ['Line Cook', 'Prep Cook', 'Dishwasher', 'Server', 'Bartender', 'Host', 'Kitchen Help']],
  [
    'es',
    [
      'Cocinero de línea',
      'Ayudante de preparación',
      'Lavaplatos',
      'Mesero',
      'Bartender',
      'Anfitrión',
      'Ayudante de cocina',
    ],
  ],
])(
  'in %s the tiles are the positions a restaurant can post, each a link to sign up as a chef',
  async (lang, names) => {
    await i18n.changeLanguage(lang);
    const offered = await postFormPositions(lang as 'en' | 'es');
    expect(offered).toEqual(names);

    window.localStorage.clear(); // signed out, reading in the same language
    await i18n.changeLanguage(lang);
    const { unmount } = renderApp('/');
    const items = await tiles();
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual(offered);
    for (const li of items)
      expect(within(li).getByRole('link').getAttribute('href')).toBe('/signup?type=chef');
    unmount();
  },
);
