import { createLogger, WorkLoop } from '../src';
import { eventually } from '../src/testing';

// The background loops (outbox relay, money tasks, reminders, webhook deliveries): passes while there is work,
// a sleep when there is none, a kick wakes them at once; an idle loop with an idle check asks it instead of
// running a whole pass (issue 22: idle passes were ~10% of a two-core machine).

const logger = createLogger('work-loop-test');

/** A loop over a queue of `work` items, counting its passes and idle checks; `poll.ms` is read at each sleep. */
function queueLoop(options: { poll: { ms: number }; idleCheck?: 'queue' | (() => Promise<boolean>) }) {
  const state = { work: 0, passes: 0, checks: 0, handled: 0 };
  const check =
    options.idleCheck === 'queue'
      ? async () => {
          state.checks++;
          return state.work > 0;
        }
      : options.idleCheck;
  const loop = new WorkLoop({
    name: 'test loop',
    get pollMs() {
      return options.poll.ms;
    },
    logger,
    pass: async () => {
      state.passes++;
      const n = Math.min(state.work, 2); // two items a pass: work left means another pass at once
      state.work -= n;
      state.handled += n;
      return n;
    },
    idleCheck:
      check &&
      (async () => {
        if (options.idleCheck !== 'queue') state.checks++;
        return check();
      }),
  });
  return { loop, state };
}

const loops: WorkLoop[] = [];
const started = <T extends { loop: WorkLoop }>(x: T) => {
  loops.push(x.loop);
  x.loop.start();
  return x;
};
afterEach(async () => {
  await Promise.all(loops.splice(0).map((l) => l.stop()));
});

test('an idle loop with an idle check asks it at each poll and runs no pass until something is due', async () => {
  const { state } = started(queueLoop({ poll: { ms: 10 }, idleCheck: 'queue' }));
  await eventually(() => expect(state.checks).toBeGreaterThanOrEqual(5));
  expect(state.passes).toBe(1); // the first pass, at start
  state.work = 5; // written by another process: no kick
  await eventually(() => expect(state.handled).toBe(5));
  const checks = state.checks;
  await eventually(() => expect(state.checks).toBeGreaterThanOrEqual(checks + 3)); // idle again
  // the start's, then three back to back (2 + 2 + 1) and the one that found the queue empty
  expect(state.passes).toBe(5);
});

test('without an idle check an idle loop runs a pass at every poll', async () => {
  const { state } = started(queueLoop({ poll: { ms: 10 } }));
  await eventually(() => expect(state.passes).toBeGreaterThanOrEqual(5));
  expect(state.checks).toBe(0);
});

test('a kick runs a pass at once, whatever the idle check would say', async () => {
  const { loop, state } = started(queueLoop({ poll: { ms: 3_600_000 }, idleCheck: async () => false }));
  await eventually(() => expect(state.passes).toBe(1));
  state.work = 3;
  loop.kick();
  await eventually(() => expect(state.handled).toBe(3), 2_000);
  expect(state.checks).toBe(0);
});

test('a kick that arrives while the idle check is out is not lost to the next poll', async () => {
  let release: (due: boolean) => void = () => undefined;
  const poll = { ms: 10 };
  const { loop, state } = started(
    queueLoop({ poll, idleCheck: () => new Promise<boolean>((resolve) => (release = resolve)) }),
  );
  await eventually(() => expect(state.checks).toBe(1));
  poll.ms = 3_600_000; // the next poll is an hour away
  state.work = 1;
  loop.kick();
  release(false); // the check read before the kick's commit: "nothing due"
  await eventually(() => expect(state.handled).toBe(1), 2_000);
});

test('an idle check that fails runs the pass, which reports what is wrong', async () => {
  const { state } = started(
    queueLoop({
      poll: { ms: 10 },
      idleCheck: async () => {
        throw new Error('database unreachable');
      },
    }),
  );
  await eventually(() => expect(state.passes).toBeGreaterThanOrEqual(3));
});
