// The whole product in its own process, for tests that must see its logs, SIGTERM it or SIGKILL it: started from
// its compiled copy by child.ts' `spawnStack`. Prints `BRIGADE_URL <url>` once it listens; SIGTERM or
// SIGINT stop it gracefully (gateway first, letting in-flight requests finish, then services, bus, databases).
// The product's clock (ADR 41) is the suite's: it starts BRIGADE_TEST_CLOCK_AHEAD_MS ahead of the wall clock (a
// restarted stack goes on from where the killed one was), and a line `MOVE <ms since the epoch>` on stdin moves it
// there, answered by `BRIGADE_CLOCK_AHEAD <ms>`.
import { createInterface } from 'node:readline';
import { MovableClock } from '@brigade/kit';
import { startEmbedded } from '../../../scripts/embedded';

const clock = new MovableClock();
await clock.moveBy(Number(process.env.BRIGADE_TEST_CLOCK_AHEAD_MS ?? 0));
const brigade = await startEmbedded({
  port: Number(process.env.PORT ?? 0),
  dataDir: null,
  buildWeb: false,
  now: clock.now,
});
process.stdout.write(`BRIGADE_URL ${brigade.url}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  const move = /^MOVE (\d+)$/.exec(line.trim());
  if (!move) return;
  void clock.moveTo(Number(move[1])).then(() => process.stdout.write(`BRIGADE_CLOCK_AHEAD ${clock.ahead}\n`));
});
let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`BRIGADE_STOPPING ${signal}\n`);
  // Tests that start a real-mode stack here drop its databases and queues when it stops.
  if (process.env.BRIGADE_DESTROY_ON_STOP === '1') await brigade.destroy();
  else await brigade.stop();
  process.stdout.write('BRIGADE_STOPPED\n');
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
