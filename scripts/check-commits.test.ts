import { messageProblems } from './check-commits';

// docs/conventions.md's commit habit, as `npm run lint` checks it.

test('a subject of at most 72 characters, a blank line, then the body', () => {
  expect(
    messageProblems('Charge the stay-late balance off-session\n\nThe card on file pays it; 3 tests.\n'),
  ).toEqual([]);
  expect(messageProblems(`${'x'.repeat(73)}\n\nbody`)).toEqual([
    'the subject has 73 characters (at most 72)',
  ]);
  expect(messageProblems('Subject\nbody right under it')).toEqual([
    'the subject is not followed by a blank line',
  ]);
  expect(messageProblems('Subject only')).toEqual([
    'there is no body (say what changed and why, with the figures)',
  ]);
  expect(messageProblems("Merge branch 'seats-jobs'", { merge: true })).toEqual([]);
});
