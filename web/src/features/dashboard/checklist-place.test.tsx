// The dashboard's checklist keeps its place while its data loads (issue 32: it pushed the page down when it
// landed). The browser test (e2e/phone-forms.test.ts) measures that the block below it never moves; here, what
// is on the page before and after the data comes.
import { screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { signedIn } from '../../../test/signed-in-minimal';

/** The dashboard's reads answer only when `release` is called. */
function heldReads() {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const later = (body: unknown) => async () => {
    await gate;
    return { body };
  };
  fakeApi.on('GET', '/jobs', later({ jobs: [], total: 0 }));
  fakeApi.on('GET', '/applications', later({ applications: [] }));
  return () => release();
}

test('before its data lands the checklist is already there, busy, with its items; then the same card, loaded', async () => {
  signedIn('chef');
  const release = heldReads();
  renderApp('/dashboard/chef');
  const card = await screen.findByTestId('onboarding-checklist');
  expect(card.getAttribute('aria-busy')).toBe('true');
  expect(card.querySelectorAll('li')).toHaveLength(4);
  // the block below it is on the page from the start, under it
  const below = document.querySelector('main .grid-2')!;
  expect(card.compareDocumentPosition(below) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  release();
  await waitFor(() =>
    expect(screen.getByTestId('onboarding-checklist').getAttribute('aria-busy')).toBeNull(),
  );
  expect(screen.getByTestId('onboarding-checklist').querySelectorAll('li')).toHaveLength(4);
});

test('an account whose checklist was gone last time (dismissed or done) keeps no place for it', async () => {
  const { user } = signedIn('restaurant');
  window.localStorage.setItem(`brigade.checklist.shown.${user.id}`, '0');
  const release = heldReads();
  renderApp('/dashboard/restaurant');
  await screen.findByRole('heading', { name: 'North Loop Kitchen' });
  expect(screen.queryByTestId('onboarding-checklist')).toBeNull();
  release();
  // the data says it shows again (nothing done yet): it comes back
  expect(await screen.findByTestId('onboarding-checklist')).toBeTruthy();
  expect(window.localStorage.getItem(`brigade.checklist.shown.${user.id}`)).toBe('1');
});
