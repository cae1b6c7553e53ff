import { inboxTextOf } from '../src/domain/notification-types';

// An inbox entry shows a text's words without its link, and opens the page the link was to (issue 40).

const URL = 'https://brigade.test';

test.each([
  [
    'Brigade: Blue Door accepted you. Confirm: https://brigade.test/my-shifts.',
    'Blue Door accepted you. Confirm.',
    '/my-shifts',
  ],
  [
    'Brigade: a new message about "Line Cook". Read it: https://brigade.test/messages?job=7, then reply',
    'A new message about "Line Cook". Read it, then reply.',
    '/messages?job=7',
  ],
  ['Brigade: see https://brigade.test/earnings', 'See.', '/earnings'],
  ['Brigade: paid? See https://brigade.test/earnings', 'Paid? See.', '/earnings'],
  ['Brigade:\u00a0ready at\u00a0https://brigade.test/jobs/1 (today)', 'Ready at (today)', '/jobs/1'],
  ['Brigade: your shift starts at 1:00 PM.', 'Your shift starts at 1:00 PM.', null],
  ['https://brigade.test/', '.', '/'],
  [
    'Brigade: two links https://brigade.test/a and https://brigade.test/b.',
    'Two links https://brigade.test/a and.',
    '/b',
  ],
])('%j reads %j, opening %j', (body, text, link) => {
  expect(inboxTextOf(body, URL)).toEqual({ text, link });
  expect(inboxTextOf(body, `${URL}/`)).toEqual({ text, link });
});
