import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id, signedIn } from '../../../test/signed-in';

// The role's five sections: one named nav landmark (on phones CSS makes it a tab bar at the bottom, with icons),
// the current section marked, and Messages with the unread count of the conversations list. The money page of each
// side (Earnings, Receipts) is a section of the bar, not only an item of the account menu (issue 32), and the tabs
// carry the glossary's names (My Shifts, as the buttons that lead there say).
const conversation = (unread: number) => ({
  job_id: id('b'),
  application_id: id('a'),
  application_status: 'accepted',
  chef_id: id('e'),
  restaurant_id: id('c'),
  job_title: 'Line Cook',
  restaurant_name: 'North Loop Kitchen',
  chef_name: 'Lucía Hernández',
  other_party_name: 'North Loop Kitchen',
  latest_message: { content: 'Can you start at 5?', created_at: new Date().toISOString() },
  unread_count: unread,
});

const tabBar = () => document.querySelector('nav.nav-tabs') as HTMLElement;

describe('the navigation (the tab bar on phones)', () => {
  test("a chef's five sections with Earnings, the current one marked, Messages with its unread count", async () => {
    signedIn('chef');
    fakeApi.on('GET', '/messages/conversations', {
      body: { conversations: [conversation(2), conversation(1), conversation(0)] },
    });
    const { router } = renderApp('/my-shifts');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(tabBar()).toBeTruthy());
    expect(tabBar().getAttribute('aria-label')).toBe('Main');
    const links = within(tabBar()).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/dashboard/worker',
      '/openings',
      '/my-shifts',
      '/messages',
      '/earnings',
    ]);
    expect(within(tabBar()).getByRole('link', { name: 'My Shifts' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await within(tabBar()).findByRole('link', { name: 'Messages 3 unread messages' });

    await userEvent.click(within(tabBar()).getByRole('link', { name: /^Open Shifts/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/openings'));
    await waitFor(() =>
      expect(within(tabBar()).getByRole('link', { name: 'Open Shifts' }).getAttribute('aria-current')).toBe(
        'page',
      ),
    );
  });

  test("a restaurant's sections; no unread messages, no count", async () => {
    signedIn('restaurant');
    renderApp('/dashboard/restaurant');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(tabBar()).toBeTruthy());
    expect(
      within(tabBar())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Home', 'Find Chefs', 'My Shifts', 'Messages', 'Receipts']);
    expect(within(tabBar()).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  test('in Spanish the count reads in Spanish', async () => {
    signedIn('chef', { language: 'es' });
    fakeApi.on('GET', '/messages/conversations', { body: { conversations: [conversation(1)] } });
    renderApp('/dashboard/chef');
    await waitFor(() => expect(tabBar()).toBeTruthy());
    await within(tabBar()).findByRole('link', { name: 'Mensajes 1 mensaje sin leer' });
    // the tab is "Mis turnos", as the buttons that lead there ("Ir a Mis turnos"), never "Mi trabajo"
    expect(
      within(tabBar())
        .getAllByRole('link')
        .map((l) => l.querySelector('.nav-label')!.textContent),
    ).toEqual(['Inicio', 'Turnos abiertos', 'Mis turnos', 'Mensajes', 'Ganancias']);
  });

  test("the account menu no longer hides the money page: it holds Profile, (a chef's) Credentials, My record, Payment Setup, Settings, Sign Out", async () => {
    signedIn('chef');
    renderApp('/dashboard/chef');
    await userEvent.click(await screen.findByRole('button', { name: /Account/ }));
    expect(
      within(document.getElementById('user-menu-list')!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Profile', 'Credentials', 'My record', 'Payment Setup', 'Settings', 'Sign Out']);
  });
});
