import { createLogger } from '../logger';
import { RabbitBus } from '../bus/rabbit';

// npm run redrive -- <queue> [--count]
// Moves the dead letters of a subscription (`jobs.escrow-held`), or all of a service's (`jobs.events`), from
// the service's dead-letter queue (`<service>.events.dlq`) back onto its work queue, after the fix is deployed.
// A subscription's dead letters go back to that subscription only.
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
if (flag === '--count')
  console.log(`${queue} holds ${await bus.deadLetterCount(queue)} message(s) in its service's .dlq`);
else console.log(`moved ${await bus.redrive(queue)} message(s) of ${queue} from its service's .dlq back`);
await bus.close();
