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
