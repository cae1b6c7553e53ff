import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in-minimal';

// Issue 40: the bell counts what is unread; the inbox lists every notification, each opening its page.

const entry = (n: number, more: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'money',
  text: `Blue Door tipped you $${n}.00 for "Line Cook". It is on its way to your bank, no fee.`,
  link: '/earnings',
  created_at: '2026-11-30T18:00:00.000Z',
  read: false,
  ...more,
});

test('the bell says how many are unread and opens the inbox; opening an entry marks it read', async () => {
  signedIn('chef');
  fakeApi.on('GET', '/notifications/unread-count', { body: { unread: 2 } });
  fakeApi.on('GET', '/notifications', {
    body: {
      notifications: [entry(2), entry(1, { read: true, type: 'reminders', link: null })],
      unread: 1,
      next: null,
    },
  });
  fakeApi.on('POST', '/notifications/:id/read', { body: { unread: 0 } });
  fakeApi.on('GET', '/earnings/summary', { body: {} });
  renderApp('/settings');
  const bell = await screen.findByRole('link', { name: '2 unread notifications' });
  expect(bell.textContent).toBe('2');
  await userEvent.click(bell);
  await screen.findByRole('heading', { name: 'Notifications' });
  const items = await screen.findAllByTestId('inbox-entry');
  expect(items.map((li) => li.className)).toEqual(['inbox-entry inbox-unread', 'inbox-entry']);
  expect(within(items[0]).getByText('Money')).toBeTruthy();
  expect(within(items[1]).getByText('Reminders')).toBeTruthy();
  await userEvent.click(within(items[0]).getByRole('link'));
  expect(fakeApi.callsTo('POST', `/notifications/${entry(2).id}/read`)).toHaveLength(1);
});

test('mark all as read, and older pages on demand', async () => {
  signedIn('restaurant');
  fakeApi.on('GET', '/notifications', (call) =>
    call.query.before
      ? { body: { notifications: [entry(1)], unread: 2, next: null } }
      : { body: { notifications: [entry(3), entry(2)], unread: 2, next: entry(2).id } },
  );
  fakeApi.on('POST', '/notifications/read-all', { body: { unread: 0 } });
  renderApp('/inbox');
  expect(await screen.findByText('2 unread')).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
  await screen.findByText(/\$1\.00/);
  expect(screen.getAllByTestId('inbox-entry')).toHaveLength(3);
  expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
  await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
  expect(fakeApi.callsTo('POST', '/notifications/read-all')).toHaveLength(1);
});

test("an email's unsubscribe link turns that kind of email off, signed out too, and says which", async () => {
  fakeApi.on('POST', '/notifications/unsubscribe', (call) =>
    call.query.token === 'good-token-123'
      ? { body: { type: 'money', email: false } }
      : {
          status: 400,
          body: { error: 'This unsubscribe link is not valid.', code: 'NOTIFICATIONS.UNSUBSCRIBE_INVALID' },
        },
  );
  renderApp('/unsubscribe?token=good-token-123');
  expect(await screen.findByText(/you will no longer get emails about Money/)).toBeTruthy();
  expect(fakeApi.callsTo('POST', '/notifications/unsubscribe')).toHaveLength(1);
});

test('a link that is not valid says so', async () => {
  fakeApi.on('POST', '/notifications/unsubscribe', {
    status: 400,
    body: { error: 'This unsubscribe link is not valid.', code: 'NOTIFICATIONS.UNSUBSCRIBE_INVALID' },
  });
  renderApp('/unsubscribe?token=forged-token-1');
  expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeTruthy();
});
