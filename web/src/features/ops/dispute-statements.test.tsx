// Bounded statements on the operator's side (issue 33): the queue shows each side's count, never every
// statement; the case file brings its statements a page at a time with a "More statements" control; a statement
// written right-to-left stays isolated (dir="auto") and cannot reorder the page around it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id } from '../../../test/signed-in';
import { disputeRoutes, makeDispute, signedInOperator } from './fixtures';
import type { OpsDispute } from './opsApi';

type Statement = OpsDispute['statements'][number];

const statement = (n: number, side: 'chef' | 'restaurant' = n % 2 ? 'chef' : 'restaurant'): Statement => ({
  id: id('d'),
  author_id: id(side === 'chef' ? 'e' : 'f'),
  author_side: side,
  text: `Statement number ${n}.`,
  language: 'en',
  translated_text: null,
  translated_language: null,
  created_at: new Date(Date.now() - (30 - n) * 60_000).toISOString(),
});

test('the queue shows how many statements each side wrote', async () => {
  signedInOperator();
  const d = makeDispute(5);
  d.chef.statements_count = 7;
  d.restaurant.statements_count = 10;
  fakeApi.on('GET', '/ops/disputes', { body: { disputes: [d] } });
  renderApp('/ops/disputes');
  expect((await screen.findByTestId('dispute-statements')).textContent).toBe('Chef 7 · restaurant 10');
});

test('the case file brings its statements a page at a time: "More statements" adds the next page', async () => {
  signedInOperator();
  const all = Array.from({ length: 12 }, (_, i) => statement(i + 1));
  const dispute = makeDispute(30, { statements: all.slice(0, 5), statements_next: all[4].id });
  dispute.chef.statements_count = 6;
  dispute.restaurant.statements_count = 6;
  disputeRoutes(dispute);
  // As the server: the page after `after`, five at most, and the cursor of the next one.
  fakeApi.on('GET', `/ops/disputes/${dispute.job.id}`, (call) => {
    const after = call.query.after;
    const from = after ? all.findIndex((s) => s.id === after) + 1 : 0;
    const page = all.slice(from, from + 5);
    const next = from + 5 < all.length ? page[page.length - 1].id : null;
    return { body: { dispute: { ...dispute, statements: page, statements_next: next } } };
  });
  renderApp(`/ops/disputes/${dispute.job.id}`);
  expect(await screen.findByRole('heading', { name: 'Statements (12)' })).toBeTruthy();
  const texts = () => screen.getAllByTestId('statement-text').map((p) => p.textContent);
  await screen.findAllByTestId('statement');
  expect(texts()).toEqual(all.slice(0, 5).map((s) => s.text));

  await userEvent.click(screen.getByRole('button', { name: 'More statements' }));
  await screen.findByText('Statement number 10.');
  expect(texts()).toEqual(all.slice(0, 10).map((s) => s.text));
  await userEvent.click(screen.getByRole('button', { name: 'More statements' }));
  await screen.findByText('Statement number 12.');
  expect(texts()).toEqual(all.map((s) => s.text));
  // the last page: nothing more to ask
  expect(screen.queryByRole('button', { name: 'More statements' })).toBeNull();
  const asked = fakeApi
    .callsTo('GET', `/ops/disputes/${dispute.job.id}`)
    .map((c) => c.query.after ?? null)
    .filter(Boolean);
  expect(asked).toEqual([all[4].id, all[9].id]);
});

test('a statement written with a right-to-left override is shown as written, isolated from the page', async () => {
  signedInOperator();
  const reversed = { ...statement(1, 'chef'), text: '\u202Egnissim saw llams A' };
  const dispute = makeDispute(30, { statements: [reversed] });
  disputeRoutes(dispute);
  renderApp(`/ops/disputes/${dispute.job.id}`);
  const card = await screen.findByTestId('statement');
  const text = within(card).getByTestId('statement-text');
  expect(text.textContent).toBe('\u202Egnissim saw llams A');
  expect(text.getAttribute('dir')).toBe('auto');
  // the line naming the side and time is its own element, outside the statement's direction
  expect(
    within(card)
      .getByText(/^Chef · /)
      .contains(text),
  ).toBe(false);
});
