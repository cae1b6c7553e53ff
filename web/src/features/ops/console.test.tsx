// The operator console's shell: operators sign in through the normal sign-in and land on /ops; members never
// see /ops and operators never see member screens.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { makeSession, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in';
import { makeDispute, signedInOperator } from './fixtures';

describe('who sees the console', () => {
  test('an operator signs in through the normal sign-in and lands on /ops with the console nav', async () => {
    const user = { ...makeUser('chef'), email: 'ops@brigade.test', user_type: 'operator' as const };
    fakeApi.on('POST', '/auth/signin', { body: { session: makeSession(user), user } });
    fakeApi.on('GET', '/profiles/me', { body: { user, profile: null } });
    fakeApi.on('GET', '/ops/disputes', { body: { disputes: [] } });
    const { router } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ops@brigade.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Open disputes' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ops');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Disputes',
      'Card disputes',
      'Appeals',
      'Credentials',
      'Users',
      'Dead letters',
      'Anomalies',
      'Audit',
    ]);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(await screen.findByText('No open disputes. Every case is decided.')).toBeTruthy();
  });

  test('an operator sent to a member screen (My Shifts, a dashboard) is taken to the console', async () => {
    signedInOperator();
    const { router } = renderApp('/my-shifts');
    await screen.findByRole('heading', { level: 1, name: 'Open disputes' });
    expect(router.state.location.pathname).toBe('/ops');
    await userEvent.click(screen.getByRole('button', { name: /Account/ }));
    expect(screen.queryByRole('link', { name: 'Payment Setup' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeTruthy();
  });

  test.each(['chef', 'restaurant'] as const)(
    'a %s sent to /ops is taken to their dashboard',
    async (type) => {
      signedIn(type);
      const { router } = renderApp('/ops/disputes');
      await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/${type}`));
      expect(fakeApi.calls.some((c) => c.path.startsWith('/ops'))).toBe(false);
    },
  );

  test('signed out, /ops asks to sign in first', async () => {
    const { router } = renderApp('/ops');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('the disputes queue', () => {
  test('open disputes oldest first, with the job, both parties, amounts and age; overdue ones marked', async () => {
    signedInOperator();
    const recent = makeDispute(5);
    const old = makeDispute(80);
    fakeApi.on('GET', '/ops/disputes', { body: { disputes: [recent, old] } });
    renderApp('/ops/disputes');
    await screen.findAllByTestId('dispute-row');
    const rows = screen.getAllByTestId('dispute-row');
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'Line Cook',
        'Maria Lopez',
        'North Loop Kitchen',
        '$100.00 shift pay · $107.00 charged',
        'Chef 1 · restaurant 0',
        '3 d 8 h Overdue',
      ],
      [
        'Line Cook',
        'Maria Lopez',
        'North Loop Kitchen',
        '$100.00 shift pay · $107.00 charged',
        'Chef 1 · restaurant 0',
        '5 h ',
      ],
    ]);
    expect(within(rows[0]).getByRole('link', { name: 'Line Cook' }).getAttribute('href')).toBe(
      `/ops/disputes/${old.job.id}`,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Shift',
      'Chef',
      'Restaurant',
      'Amounts',
      'Statements',
      'Open for',
    ]);
  });

  test('in Spanish', async () => {
    signedInOperator('es');
    fakeApi.on('GET', '/ops/disputes', { body: { disputes: [makeDispute(100)] } });
    renderApp('/ops');
    expect(await screen.findByRole('heading', { level: 1, name: 'Disputas abiertas' })).toBeTruthy();
    expect(await screen.findByText('Atrasada')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mensajes fallidos' })).toBeTruthy();
  });
});
