import { createLogger } from '../logger';
import { RabbitBus } from '../bus/rabbit';

// npm run redrive -- <queue> [--count]
// Moves every dead letter of a consumer queue (<queue>.dlq) back onto the queue, after the fix is deployed.
const [queue, flag] = process.argv.slice(2);
const url = process.env.AMQP_URL;
if (!queue || !url) {
  console.error('usage: AMQP_URL=amqp://... npm run redrive -- <queue, e.g. jobs.on-escrow-held> [--count]');
  process.exit(2);
}
const ns = process.env.BUS_NAMESPACE;
const bus = new RabbitBus({
  url,
  logger: createLogger('redrive'),
  ...(ns ? { exchange: `${ns}.events`, queuePrefix: ns } : {}),
});
await bus.connect();
if (flag === '--count') console.log(`${queue}.dlq holds ${await bus.deadLetterCount(queue)} message(s)`);
else console.log(`moved ${await bus.redrive(queue)} message(s) from ${queue}.dlq back to ${queue}`);
await bus.close();
