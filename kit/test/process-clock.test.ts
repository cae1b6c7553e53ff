import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLOCK_AHEAD_LINE, processClock, TEST_CLOCK_FILE, writeClockFile } from '../src/clock';
import { eventually } from '../src/testing';

// ADR 41, amended: a stack of processes as deployed, whose services' rules read a clock the suite moves through
// a file. Each process below is a real child reading the file as a service's main does.

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'process-clock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const CHILD = `
  const { processClock } = await import(${JSON.stringify(new URL('../src/clock.ts', import.meta.url).href)});
  const now = processClock();
  setInterval(() => process.stdout.write('NOW ' + (now().getTime() - Date.now()) + '\\n'), 20);
`;

/** A child process that reads its clock as a service would, printing how far ahead it is every 20 ms. */
function child(env: Record<string, string>) {
  const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  p.stdout.on('data', (d) => (out += d.toString()));
  p.stderr.on('data', (d) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => p.on('exit', (code) => resolve(code)));
  const lastAhead = () => {
    const all = [...out.matchAll(/^NOW (-?\d+)$/gm)];
    return all.length ? Number(all[all.length - 1][1]) : null;
  };
  return { p, output: () => out, exited, lastAhead };
}

test('a process follows each move of the clock file, says so, starts where the file is, and never goes back', async () => {
  const file = path.join(dir, 'ahead');
  const first = child({ [TEST_CLOCK_FILE]: file, NODE_ENV: 'development' });
  try {
    // No file yet: the wall clock.
    await eventually(async () => expect(first.lastAhead()).not.toBeNull(), 20_000);
    expect(Math.abs(first.lastAhead()!)).toBeLessThan(1_000);

    writeClockFile(file, 3_600_000);
    await eventually(async () => expect(first.output()).toContain(`${CLOCK_AHEAD_LINE} 3600000\n`), 10_000);
    await eventually(async () => expect(first.lastAhead()).toBeGreaterThanOrEqual(3_599_000), 5_000);

    // A process started later (a restarted service) starts where the clock is.
    const second = child({ [TEST_CLOCK_FILE]: file, NODE_ENV: 'development' });
    try {
      await eventually(
        async () => expect(second.output()).toContain(`${CLOCK_AHEAD_LINE} 3600000\n`),
        20_000,
      );
      await eventually(async () => expect(second.lastAhead()).toBeGreaterThanOrEqual(3_599_000), 5_000);
    } finally {
      second.p.kill();
    }

    // An older time is not taken (a rule that fired stays fired).
    writeClockFile(file, 60_000);
    writeClockFile(file, 7_200_000);
    await eventually(async () => expect(first.output()).toContain(`${CLOCK_AHEAD_LINE} 7200000\n`), 10_000);
    expect(first.output()).not.toContain(`${CLOCK_AHEAD_LINE} 60000\n`);
    await eventually(async () => expect(first.lastAhead()).toBeGreaterThanOrEqual(7_199_000), 5_000);
  } finally {
    first.p.kill();
  }
}, 60_000);

test('a deployment never runs on a suite clock: the variable is refused in production', () => {
  expect(() => processClock({ [TEST_CLOCK_FILE]: path.join(dir, 'ahead'), NODE_ENV: 'production' })).toThrow(
    /refused in production/,
  );
  // and without the variable a process keeps the wall clock (the services' default)
  expect(processClock({ NODE_ENV: 'production' })).toBeUndefined();
});
