// Issue 39: the console's user page lists the reviews the user wrote and the ones about them, in every state, and an
// operator hides one that breaks the rules with a reason (required); it then reads as hidden, with the reason.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { id } from '../../../test/signed-in';
import { makeOpsUser, signedInOperator } from './fixtures';
import type { OpsReview } from '../reviews';

function opsReview(userId: string, overrides: Partial<OpsReview> = {}): OpsReview {
  return {
    id: id('r'),
    job_id: id('b'),
    job_title: 'Line Cook',
    seat_no: 1,
    application_id: id('a'),
    status: 'published',
    author_side: 'restaurant',
    author_id: id('c'),
    author_name: 'Blue Door',
    subject_id: userId,
    subject_name: 'Maria Lopez',
    rating: 1,
    text: 'Call me at 612 555 0100 instead.',
    language: 'en',
    tags: [],
    reply_text: null,
    created_at: '2026-03-02T18:00:00.000Z',
    publishes_at: '2026-03-09T18:00:00.000Z',
    published_at: '2026-03-02T19:00:00.000Z',
    publish_reason: 'both_reviewed',
    hidden_at: null,
    hidden_reason: null,
    ...overrides,
  };
}

test('an operator hides a review about the user with a reason; it reads as hidden', async () => {
  signedInOperator();
  const user = makeOpsUser();
  fakeApi.on('GET', `/ops/users/${user.id}`, {
    body: { user, profile: { id: user.id, name: 'Maria Lopez' }, reliability: null },
  });
  let about = opsReview(user.id);
  const wrote = opsReview(user.id, {
    author_side: 'chef',
    author_id: user.id,
    author_name: 'Maria Lopez',
    subject_id: id('c'),
    subject_name: 'Blue Door',
    rating: 5,
    text: 'Great team.',
    status: 'pending',
    published_at: null,
    publish_reason: null,
  });
  fakeApi.on('GET', '/ops/reviews', (call) => {
    expect(call.query.user_id).toBe(user.id);
    return { body: { reviews: [about, wrote] } };
  });
  fakeApi.on('POST', `/ops/reviews/${about.id}/hide`, (call) => {
    const { reason } = call.body as { reason: string };
    about = { ...about, status: 'hidden', hidden_at: new Date().toISOString(), hidden_reason: reason };
    return { body: { review: about } };
  });
  renderApp(`/ops/users/${user.id}`);
  const section = (await screen.findByRole('heading', { name: 'Reviews' })).closest('section')!;
  const [first, second] = await within(section).findAllByTestId('ops-review');
  expect(first.textContent).toContain('Written by Blue Door');
  expect(within(first).getByRole('img', { name: '1 of 5 stars' })).toBeTruthy();
  expect(first.textContent).toContain('Call me at 612 555 0100 instead.');
  expect(second.textContent).toContain('Wrote about Blue Door');
  expect(within(second).getByTestId('ops-review-status').textContent).toMatch(/^Not published yet/);

  await userEvent.click(within(first).getByRole('button', { name: 'Hide review' }));
  await userEvent.click(within(first).getByRole('button', { name: 'Hide it' }));
  expect(within(first).getByText('Please give a reason.')).toBeTruthy();
  expect(fakeApi.callsTo('POST', `/ops/reviews/${about.id}/hide`)).toHaveLength(0);
  await userEvent.type(
    within(first).getByLabelText('Reason (texted to both sides, kept in the audit log)'),
    'Personal phone numbers are not allowed',
  );
  await userEvent.click(within(first).getByRole('button', { name: 'Hide it' }));
  await waitFor(() =>
    expect(
      within(screen.getAllByTestId('ops-review')[0]).getByTestId('ops-review-status').textContent,
    ).toMatch(/^Hidden .+: Personal phone numbers are not allowed$/),
  );
  expect(fakeApi.callsTo('POST', `/ops/reviews/${about.id}/hide`)[0].body).toEqual({
    reason: 'Personal phone numbers are not allowed',
  });
  expect(
    within(screen.getAllByTestId('ops-review')[0]).queryByRole('button', { name: 'Hide review' }),
  ).toBeNull();
});
