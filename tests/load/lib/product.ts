// Child process of the benchmark: the whole product (gateway + five services) in real mode, as the embedded
// runner starts it with DATABASE_URL / AMQP_URL / REDIS_URL. Run apart from the load generator so that
// autocannon never shares an event loop with the code it measures. Talks to the parent over IPC.
import { startEmbedded } from '../../../scripts/embedded';

const env = JSON.parse(process.env.BENCH_PRODUCT_ENV ?? '{}') as Record<string, string>;
const brigade = await startEmbedded({ port: Number(env.PORT), dataDir: null, env, buildWeb: false });
const services = Object.fromEntries(Object.entries(brigade.services).map(([name, s]) => [name, s!.url]));
process.send!({ type: 'ready', url: brigade.url, services, mode: brigade.mode });

process.on('message', async (m: { type?: string } | undefined) => {
  if (m?.type === 'memory') process.send!({ type: 'memory', rss: process.memoryUsage().rss });
  if (m?.type === 'destroy') {
    await brigade.destroy().catch((err) => console.error('destroy failed', err));
    process.send!({ type: 'destroyed' }, () => process.exit(0));
  }
});
process.on('disconnect', () => {
  void brigade.destroy().finally(() => process.exit(0));
});
