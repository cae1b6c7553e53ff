import { readFileSync, renameSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The time a service's rules read (ADR 41). In production the wall clock. The suites give the whole in-process
 * product one `MovableClock` and move it to a shift's start or end, or past a rule's window, instead of waiting
 * for the wall clock to get there.
 */
export type Now = () => Date;

export const wallClock: Now = () => new Date();

/**
 * The wall clock, moved ahead by the suite: it goes on at the wall clock's pace from wherever it was moved to,
 * and it never goes back (a rule that has fired stays fired, as it would in production). What shows the time
 * beside the product (the browsers of a story) follows each move.
 */
export class MovableClock {
  private aheadMs = 0;
  private readonly followers: Array<(now: Date) => Promise<unknown> | unknown> = [];

  readonly now: Now = () => new Date(Date.now() + this.aheadMs);

  /** Move to `at` (nothing moves when the clock is past it already); resolves once every follower has followed. */
  async moveTo(at: Date | number): Promise<void> {
    const target = typeof at === 'number' ? at : at.getTime();
    const ahead = Math.max(this.aheadMs, target - Date.now());
    if (ahead === this.aheadMs) return;
    this.aheadMs = ahead;
    await Promise.all(this.followers.map((follow) => follow(this.now())));
  }

  /** Move ahead by `ms`. */
  moveBy(ms: number): Promise<void> {
    return this.moveTo(this.now().getTime() + Math.max(0, ms));
  }

  /** How far ahead of the wall clock it is. */
  get ahead(): number {
    return this.aheadMs;
  }

  /** Call `follow` with the new time after each move (a browser's clock set to the product's). */
  follow(follow: (now: Date) => Promise<unknown> | unknown): void {
    this.followers.push(follow);
  }
}

/**
 * The environment variable naming a suite's clock file (ADR 41, amended): a stack of processes, as deployed, whose
 * clock the suite moves. Never set in a deployment: a process refuses to start with it in production.
 */
export const TEST_CLOCK_FILE = 'BRIGADE_TEST_CLOCK_FILE';

/** The line a process writes on its stdout each time it reads a new time from the clock file. */
export const CLOCK_AHEAD_LINE = 'BRIGADE_CLOCK_AHEAD';

/**
 * A process's clock: the wall clock (undefined: the services' default), or, when a suite names a clock file
 * (BRIGADE_TEST_CLOCK_FILE), the wall clock plus the milliseconds the file holds. The file is read at start and
 * again each time its folder changes (the suite writes a new file and renames it over the old, so a reader never
 * sees half of one); each new value is announced on stdout (`BRIGADE_CLOCK_AHEAD <ms>`), which is how the suite
 * knows every process has followed a move. Like MovableClock it never goes back.
 */
export function processClock(env: NodeJS.ProcessEnv = process.env): Now | undefined {
  const file = env[TEST_CLOCK_FILE];
  if (!file) return undefined;
  if (env.NODE_ENV === 'production')
    throw new Error(`${TEST_CLOCK_FILE} is a test suite's clock: refused in production`);
  let aheadMs = 0;
  const read = () => {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return; // not written yet: the wall clock
    }
    const ms = Number(text.trim());
    if (!Number.isSafeInteger(ms) || ms <= aheadMs) return;
    aheadMs = ms;
    process.stdout.write(`${CLOCK_AHEAD_LINE} ${ms}\n`);
  };
  read();
  watch(path.dirname(file), { persistent: false }, read).on('error', () => undefined);
  return () => new Date(Date.now() + aheadMs);
}

/** Move a clock file's processes to `aheadMs` ahead of the wall clock (written whole, then renamed over the file). */
export function writeClockFile(file: string, aheadMs: number): void {
  const next = `${file}.${process.pid}.next`;
  writeFileSync(next, String(Math.round(aheadMs)));
  renameSync(next, file);
}
