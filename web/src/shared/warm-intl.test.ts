// Issue 41: the page's first formatters cost a phone tens of milliseconds of Intl's setting up. public/warm-intl.js
// does it while the app's code downloads, for a signed-in person: an amount and each city's shift times with their
// zone's name, as the openings and the dashboards first show them; nothing for a signed-out visitor.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { CITY_TIME_ZONES } from '@brigade/contracts';
import { STORAGE_KEYS } from './constants';

const web = path.join(process.cwd(), 'web');
const script = readFileSync(path.join(web, 'public/warm-intl.js'), 'utf8');
const run = () => new Function(script)() as void;

function made() {
  const numbers = jest.spyOn(Intl, 'NumberFormat');
  const dates = jest.spyOn(Intl, 'DateTimeFormat');
  return {
    numbers: () => numbers.mock.calls.map((c) => c.slice(0, 2)),
    dates: () => dates.mock.calls.map((c) => c.slice(0, 2) as [string, Intl.DateTimeFormatOptions]),
    restore: () => (numbers.mockRestore(), dates.mockRestore()),
  };
}

afterEach(() => window.localStorage.clear());

test.each([
  [null, 'en-US'],
  ['es', 'es-US'],
])("signed in (language %s): an amount and every city's times in %s, its zone named", (language, tag) => {
  window.localStorage.setItem(STORAGE_KEYS.session, '{"access_token":"x"}');
  if (language) window.localStorage.setItem(STORAGE_KEYS.language, language);
  const spy = made();
  try {
    run();
    expect(spy.numbers()).toEqual([[tag, { style: 'currency', currency: 'USD' }]]);
    const zones = spy.dates().map(([t, o]) => `${t} ${o.timeZone} ${o.timeZoneName}`);
    expect(zones.sort()).toEqual(
      [...new Set(Object.values(CITY_TIME_ZONES))].map((z) => `${tag} ${z} short`).sort(),
    );
  } finally {
    spy.restore();
  }
});

test('signed out, nothing is made: the landing page shows no amount', () => {
  const spy = made();
  try {
    run();
    expect(spy.numbers()).toEqual([]);
    expect(spy.dates()).toEqual([]);
  } finally {
    spy.restore();
  }
});

test('storage that refuses to be read leaves the page to make its formatters itself', () => {
  const get = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new Error('blocked');
  });
  try {
    expect(run).not.toThrow();
  } finally {
    get.mockRestore();
  }
});

test('the page loads it before its own code, without waiting for it', () => {
  const html = readFileSync(path.join(web, 'index.html'), 'utf8');
  const tag = /<script src="\/warm-intl\.js" async><\/script>/.exec(html);
  expect(tag).not.toBeNull();
  expect(tag!.index).toBeLessThan(html.indexOf('<script type="module"'));
});
