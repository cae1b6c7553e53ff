import { createLogger } from '../logger';
import { RabbitBus } from '../bus/rabbit';

// npm run queues:retire -- <queue> [<queue> ...]
// The rolling upgrade to per-service quorum queues (ADR 15, docs/operations.md): after every instance runs the
// new version, retire the classic per-subscription queues of the earlier one (`<service>.<name>`, with their
// `.retry.<ms>` and `.dlq`). What they still hold moves to `<service>.events` (dead letters to
// `<service>.events.dlq`), then they are deleted. A queue an old instance still consumes is left alone.
const queues = process.argv.slice(2).filter((q) => !q.endsWith('.dlq') && !/\.retry\.\d+$/.test(q));
const url = process.env.AMQP_URL;
if (queues.length === 0 || !url) {
  console.error('usage: AMQP_URL=amqp://... npm run queues:retire -- <queue, e.g. jobs.escrow-held> [...]');
  process.exit(2);
}
const ns = process.env.BUS_NAMESPACE;
const delays = (process.env.EVENT_RETRY_DELAYS_MS ?? '1000,5000,30000')
  .split(',')
  .map((d) => Number(d.trim()));
const bus = new RabbitBus({
  url,
  logger: createLogger('retire-queues'),
  retryDelaysMs: delays,
  ...(ns ? { exchange: `${ns}.events`, queuePrefix: ns } : {}),
});
await bus.connect();
let refused = 0;
for (const queue of queues) {
  const r = await bus.retireClassicQueue(queue);
  if (r.outcome === 'in-use' || r.outcome === 'no-new-queue') refused++;
  console.log(
    r.outcome === 'retired'
      ? `${queue}: retired (${r.moved} message(s) moved to its service's work queue, ${r.deadLetters} dead letter(s) to its .dlq)`
      : r.outcome === 'absent'
        ? `${queue}: no such queue`
        : r.outcome === 'in-use'
          ? `${queue}: still consumed by an instance of the old version; run again once it is gone`
          : `${queue}: its service's new work queue does not exist yet; deploy the new version first`,
  );
}
await bus.close();
process.exit(refused > 0 ? 1 : 0);
