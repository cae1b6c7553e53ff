import { EVENTUALLY_MAX_INTERVAL_MS, eventually } from '../src/testing';

// A test that waits out a window (a review's publication, a rule's deadline) checks through the gateway like a
// client. It must not ask so often that the gateway's per-user limit (1,200 a minute) refuses its reads.

test('a check that keeps failing for 3 s is asked a few times a second, not forty', async () => {
  let asked = 0;
  const started = Date.now();
  await eventually(() => {
    asked++;
    if (Date.now() - started < 3_000) throw new Error('not yet');
  }, 10_000);
  // 25, 38, 57, ... up to 400 ms apart: ~14 checks in 3 s (120 at a flat 25 ms)
  expect(asked).toBeLessThan(3_000 / EVENTUALLY_MAX_INTERVAL_MS + 12);
  expect(asked).toBeGreaterThan(3);
});

test('what lands at once is seen at once, and a failure past the time is the last one', async () => {
  let asked = 0;
  await expect(eventually(() => ++asked, 1_000)).resolves.toBe(1);
  await expect(
    eventually(() => {
      throw new Error(`check ${++asked}`);
    }, 300),
  ).rejects.toThrow(/check \d+/);
});
