import { sql, type Database, type Executor } from '@brigade/kit';
import {
  DEFAULT_CHANNELS,
  NOTIFICATION_TYPES,
  type ChannelSwitches,
  type NotificationType,
} from '@brigade/contracts';

// Issue 40: the channels a person chose per notification type (`notifications.channel_preferences`). A type
// without a row is at its defaults; a row is the person's own choice.

export interface ChannelChoice {
  switches: ChannelSwitches;
  /** Set by the person (kept as set), not the defaults (which SMS backs up when they reach nobody). */
  chosen: boolean;
}

/** One type's switches from the person's row for it, or the type's defaults without one. */
export const choiceFromRow = (
  type: NotificationType,
  row: ChannelSwitches | null | undefined,
): ChannelChoice =>
  row ? { switches: pick(row), chosen: true } : { switches: { ...DEFAULT_CHANNELS[type] }, chosen: false };

/** Every type's switches for a person (defaults where they set none). */
export async function allChannels(
  database: Database,
  userId: string,
  tx?: Executor,
): Promise<Record<NotificationType, ChannelSwitches>> {
  const rows = await database.rows<ChannelSwitches & { type: string }>(
    sql`select type, sms, push, email from notifications.channel_preferences where user_id = ${userId}`,
    tx,
  );
  const set = new Map(rows.map((r) => [r.type, pick(r)]));
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((t) => [t, set.get(t) ?? { ...DEFAULT_CHANNELS[t] }]),
  ) as Record<NotificationType, ChannelSwitches>;
}

/** Save the switches sent for each type; a type's other switches keep their value (or its defaults). */
export async function saveChannels(
  database: Database,
  tx: Executor,
  userId: string,
  changes: Partial<Record<NotificationType, Partial<ChannelSwitches>>>,
): Promise<void> {
  for (const type of NOTIFICATION_TYPES) {
    const change = changes[type];
    if (!change) continue;
    const next = { ...DEFAULT_CHANNELS[type], ...change };
    await database.rows(
      sql`insert into notifications.channel_preferences (user_id, type, sms, push, email)
          values (${userId}, ${type}, ${next.sms}, ${next.push}, ${next.email})
          on conflict (user_id, type) do update set
            sms = coalesce(${change.sms ?? null}::boolean, notifications.channel_preferences.sms),
            push = coalesce(${change.push ?? null}::boolean, notifications.channel_preferences.push),
            email = coalesce(${change.email ?? null}::boolean, notifications.channel_preferences.email),
            updated_at = now()`,
      tx,
    );
  }
}

const pick = (r: ChannelSwitches): ChannelSwitches => ({
  sms: Boolean(r.sms),
  push: Boolean(r.push),
  email: Boolean(r.email),
});
