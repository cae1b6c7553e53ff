import { etagMatches } from '../src/http';

// If-None-Match as every polled list answers it (jobs, messaging, and the gateway on their behalf).

test('the same tag matches, weak or strong, alone, in a list, or as *', () => {
  const tag = 'W/"t-abc"';
  expect(etagMatches(tag, tag)).toBe(true);
  expect(etagMatches('"t-abc"', tag)).toBe(true);
  expect(etagMatches(`"x", ${tag}`, tag)).toBe(true);
  expect(etagMatches(' W/"y" ,  "t-abc" ', tag)).toBe(true);
  expect(etagMatches('*', tag)).toBe(true);
});

test('another tag, a prefix of it, or no header never matches', () => {
  const tag = 'W/"t-abc"';
  expect(etagMatches('W/"t-abd"', tag)).toBe(false);
  expect(etagMatches('W/"t-ab"', tag)).toBe(false);
  expect(etagMatches('t-abc', tag)).toBe(false);
  expect(etagMatches('', tag)).toBe(false);
  expect(etagMatches(undefined, tag)).toBe(false);
});
