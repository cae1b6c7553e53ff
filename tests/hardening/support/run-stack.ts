// The whole product in its own process, for tests that must see its logs, SIGTERM it or SIGKILL it:
// `node --import tsx tests/hardening/support/run-stack.ts`. Prints `BRIGADE_URL <url>` once it listens; SIGTERM or
// SIGINT stop it gracefully (gateway first, letting in-flight requests finish, then services, bus, databases).
import { startEmbedded } from '../../../scripts/embedded';

const brigade = await startEmbedded({ port: Number(process.env.PORT ?? 0), dataDir: null, buildWeb: false });
process.stdout.write(`BRIGADE_URL ${brigade.url}\n`);
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
