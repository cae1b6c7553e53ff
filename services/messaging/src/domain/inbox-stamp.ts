import type { VersionStamps } from '@brigade/kit';

/** The version stamp of a user's conversation list: bumped on every change, advertised with each answer. */
export const inboxStamp = (stamps: VersionStamps, userId: string) => stamps.key('messaging', `i:${userId}`);
