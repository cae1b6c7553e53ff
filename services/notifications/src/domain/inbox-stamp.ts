import type { VersionStamps } from '@brigade/kit';

/**
 * The version stamp of a person's inbox (ADR 7): the notifications page and the bell's count both advertise it,
 * and every change either of them shows raises it (`bumpInboxes`).
 */
export const inboxStamp = (stamps: VersionStamps, userId: string) =>
  stamps.key('notifications', `i:${userId}`);
