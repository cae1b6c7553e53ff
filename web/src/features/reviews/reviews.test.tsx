// Issue 39: reviews both sides can read. A profile shows its published reviews newest first, in the reader's
// language with "Show original", a restaurant's tags in words, and the reply of the side reviewed; the reviewed
// side answers a review once from its own profile; an applicant card shows the chef's newest reviews.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../shared/i18n';
import { fakeApi } from '../../../test/fake-api';
import { chefProfile, makeUser } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { id, makeJob, signedIn } from '../../../test/signed-in';

afterEach(() => void i18n.changeLanguage('en'));

function review(overrides: Record<string, unknown> = {}) {
  return {
    id: id('r'),
    rating: 4,
    text: 'Fast, tidy and kind to the dish crew.',
    original_text: 'Fast, tidy and kind to the dish crew.',
    original_language: 'en',
    was_translated: false,
    tags: [],
    reply: null,
    published_at: '2026-03-02T18:00:00.000Z',
    author_side: 'restaurant',
    author_name: 'Blue Door',
    ...overrides,
  };
}

test("a chef's profile lists the published reviews newest first, translated, with tags and the reply", async () => {
  signedIn('restaurant');
  const chef = chefProfile(makeUser('chef'));
  fakeApi.on('GET', '/profiles/chef/:id', { body: { profile: chef } });
  fakeApi.on('GET', `/profiles/chef/${chef.id}/reviews`, {
    body: {
      total: 2,
      reviews: [
        review({
          rating: 5,
          text: 'Great knife work and always on time.',
          original_text: 'Muy buen trabajo con el cuchillo y siempre puntual.',
          original_language: 'es',
          was_translated: true,
          tags: ['on_time', 'would_book_again'],
          author_name: 'Casa Verde',
          reply: {
            text: 'Thank you, team!',
            original_text: 'Thank you, team!',
            original_language: 'en',
            was_translated: false,
            replied_at: '2026-03-03T10:00:00.000Z',
          },
        }),
        review({ rating: 3, text: null, original_text: null, original_language: null, author_name: null }),
      ],
    },
  });
  renderApp(`/profile/chef/${chef.id}`);
  const section = (await screen.findByRole('heading', { name: 'Reviews' })).closest('section')!;
  const items = await within(section).findAllByTestId('review');
  expect(items).toHaveLength(2);
  const [newest, older] = items;
  expect(within(newest).getByRole('img', { name: '5 of 5 stars' })).toBeTruthy();
  expect(newest.textContent).toContain('Casa Verde');
  expect(within(newest).getByTestId('review-text').textContent).toBe('Great knife work and always on time.');
  expect(
    within(newest)
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['On time', 'Would book again']);
  expect(within(newest).getByTestId('review-reply').textContent).toBe('Thank you, team!');
  // The original is one tap away, marked as what it is.
  await userEvent.click(within(newest).getByRole('button', { name: 'Show original' }));
  expect(within(newest).getByTestId('review-text').textContent).toBe(
    'Muy buen trabajo con el cuchillo y siempre puntual.',
  );
  // Stars only, and no name known: "A restaurant". No reply form on someone else's profile.
  expect(within(older).getByRole('img', { name: '3 of 5 stars' })).toBeTruthy();
  expect(older.textContent).toContain('A restaurant');
  expect(within(older).queryByTestId('review-text')).toBeNull();
  expect(within(section).queryByRole('button', { name: 'Send reply' })).toBeNull();
});

test('in Spanish the stars and the tags read in Spanish, and untranslated words are marked', async () => {
  signedIn('chef', { language: 'es' });
  await i18n.changeLanguage('es');
  const chef = chefProfile(makeUser('chef'));
  fakeApi.on('GET', '/profiles/chef/:id', { body: { profile: chef } });
  fakeApi.on('GET', `/profiles/chef/${chef.id}/reviews`, {
    body: { total: 1, reviews: [review({ tags: ['clean_station'] })] },
  });
  renderApp(`/profile/chef/${chef.id}`);
  const item = await screen.findByTestId('review');
  expect(within(item).getByRole('img', { name: '4 de 5 estrellas' })).toBeTruthy();
  expect(within(item).getByRole('listitem').textContent).toBe('Estación limpia');
  // written in English for a Spanish reader, with no translation: marked "Not translated"
  expect(item.textContent).toContain('Sin traducir');
});

test('the side reviewed replies once from its own profile; a refused reply says why', async () => {
  const { user } = signedIn('chef');
  const first = review({ id: id('r') });
  const second = review({ id: id('r'), rating: 2, text: 'Late.', original_text: 'Late.' });
  let replied: unknown = null;
  fakeApi.on('GET', '/profiles/chef/:id/reviews', () => ({
    body: {
      total: 2,
      reviews: [
        replied
          ? {
              ...first,
              reply: {
                text: 'Thank you!',
                original_text: 'Thank you!',
                original_language: 'en',
                was_translated: false,
                replied_at: new Date().toISOString(),
              },
            }
          : first,
        second,
      ],
    },
  }));
  fakeApi.on('POST', `/reviews/${first.id}/reply`, (call) => {
    replied = call.body;
    return { status: 201, body: { review: first } };
  });
  fakeApi.on('POST', `/reviews/${second.id}/reply`, {
    status: 409,
    body: { error: 'This review already has a reply', code: 'JOBS.ALREADY_REPLIED' },
  });
  renderApp('/profile/me');
  const items = await screen.findAllByTestId('review');
  expect(fakeApi.callsTo('GET', `/profiles/chef/${user.id}/reviews`).length).toBeGreaterThan(0);
  const [a, b] = items;
  // an empty reply is refused before it is sent
  await userEvent.click(within(a).getByRole('button', { name: 'Send reply' }));
  expect(within(a).getByRole('alert').textContent).toBe('Write your reply first.');
  expect(fakeApi.callsTo('POST', `/reviews/${first.id}/reply`)).toHaveLength(0);
  await userEvent.type(within(a).getByLabelText('Reply to this review'), 'Thank you!');
  expect(within(a).getByText('10 of 500 characters. You can reply once.')).toBeTruthy();
  await userEvent.click(within(a).getByRole('button', { name: 'Send reply' }));
  await waitFor(() => expect(replied).toEqual({ text: 'Thank you!' }));
  await waitFor(() =>
    expect(within(screen.getAllByTestId('review')[0]).getByTestId('review-reply').textContent).toBe(
      'Thank you!',
    ),
  );
  expect(screen.getAllByTestId('review')[0].textContent).toContain('Your reply');

  await userEvent.type(within(b).getByLabelText('Reply to this review'), 'Sorry');
  await userEvent.click(within(b).getByRole('button', { name: 'Send reply' }));
  expect((await within(b).findByRole('alert')).textContent).toBe('This review already has a reply.');
});

test("an applicant card shows the chef's newest reviews and links to all of them", async () => {
  const { user } = signedIn('restaurant');
  const chefId = id('e');
  const profileId = id('f');
  const job = makeJob({
    restaurant_id: user.id,
    applications: [
      {
        id: id('d'),
        job_id: 'j',
        chef_id: chefId,
        status: 'pending',
        worker_confirmed: null,
        created_at: new Date().toISOString(),
        chef_profiles: {
          id: profileId,
          user_id: chefId,
          name: 'Ana',
          bio: 'Grill cook.',
          skills: [],
          average_rating: 4.5,
          total_ratings: 5,
        },
      },
    ],
  });
  fakeApi.on('GET', '/jobs/:id', { body: { job } });
  fakeApi.on('GET', '/favorites/chef/:id/status', { body: { isFavorite: false } });
  fakeApi.on('GET', `/profiles/chef/${profileId}/reviews`, (call) => ({
    body: {
      total: 5,
      reviews: [review({ rating: 5 }), review({ rating: 4 })].slice(0, Number(call.query.limit)),
    },
  }));
  renderApp(`/jobs/${job.id}/applications`);
  const card = (await screen.findByRole('heading', { name: 'Ana' })).closest('li')!;
  const shown = await within(card).findAllByTestId('review');
  expect(shown).toHaveLength(2);
  expect(within(card).getByText('Latest reviews (5 in all)')).toBeTruthy();
  expect(within(card).getByRole('link', { name: 'See all 5 reviews' }).getAttribute('href')).toBe(
    `/profile/chef/${profileId}`,
  );
});
