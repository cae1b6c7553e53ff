import { isExpired, needsRefresh, refreshBackoff, ticksRemaining } from './session';

const now = Date.parse('2026-03-01T12:00:00Z');
const expiringIn = (seconds: number) => ({ expires_at: Math.floor(now / 1000) + seconds });

describe('session timing', () => {
  test('a session counts as expired 90 seconds before its real expiry', () => {
    expect(isExpired(expiringIn(91), now)).toBe(false);
    expect(isExpired(expiringIn(90), now)).toBe(true);
    expect(isExpired(expiringIn(-10), now)).toBe(true);
  });

  test('the 30 s tick refreshes only when 3 ticks or fewer remain', () => {
    expect(ticksRemaining(expiringIn(3600), now)).toBe(120);
    expect(needsRefresh(expiringIn(3600), now)).toBe(false);
    expect(needsRefresh(expiringIn(120), now)).toBe(false); // 4 ticks left
    expect(needsRefresh(expiringIn(119), now)).toBe(true); // 3 ticks left
    expect(needsRefresh(expiringIn(30), now)).toBe(true);
  });

  test('refresh retries back off from 200 ms, doubling, within one tick', () => {
    const delays = refreshBackoff();
    expect(delays.slice(0, 4)).toEqual([200, 400, 800, 1600]);
    expect(delays.reduce((a, b) => a + b, 0)).toBeLessThan(30_000);
    delays.slice(1).forEach((d, i) => expect(d).toBe(delays[i] * 2));
  });
});
