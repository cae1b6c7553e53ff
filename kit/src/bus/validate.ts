import { EventEnvelope, eventSchemas, isEventType } from '@brigade/contracts';

/** Parse a message body into an envelope whose data matches its contract; throw a PoisonMessage otherwise. */
export class PoisonMessage extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PoisonMessage';
  }
}

export function parseEnvelope(raw: string | object): EventEnvelope {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new PoisonMessage('message is not JSON');
    }
  }
  const envelope = EventEnvelope.safeParse(value);
  if (!envelope.success)
    throw new PoisonMessage(`not an event envelope: ${envelope.error.issues[0]?.message}`);
  const { type } = envelope.data;
  if (!isEventType(type)) throw new PoisonMessage(`unknown event type ${type}`);
  const data = eventSchemas[type].safeParse(envelope.data.data);
  if (!data.success) {
    const issue = data.error.issues[0];
    throw new PoisonMessage(
      `${type} does not match its contract: ${issue?.path.join('.')} ${issue?.message}`,
    );
  }
  return { ...envelope.data, data: data.data };
}
