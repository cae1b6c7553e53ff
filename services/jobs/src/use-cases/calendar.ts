import { randomBytes } from 'node:crypto';
import type { Language } from '@brigade/contracts';
import type { AuthUser } from '@brigade/kit';
import type { JobsContext } from '../context';
import { applicationIdOf, confirmedChefOf } from '../db/applications.repository';
import {
  confirmedShiftOfJob,
  confirmedShiftsOf,
  findFeedByToken,
  findFeedOfUser,
  saveFeedToken,
  setFeedLanguage,
} from '../db/calendar.repository';
import { findJob } from '../db/jobs.repository';
import { FEED_MAX_EVENTS, FEED_PAST_DAYS, renderCalendar, type CalendarShift } from '../domain/calendar';
import { JobsErrors } from '../domain/errors';

// "Add to calendar" for one confirmed shift, and each user's private calendar feed (issue 20). The feed's URL
// carries a random 256-bit token, shown to its owner in Settings whenever they ask (to subscribe another
// device); "Reset link" replaces it and the old URL answers 404 from then on.

type Member = Pick<AuthUser, 'id' | 'type' | 'language'>;

/** A feed token as it appears in the URL: 32 random bytes, base64url (43 characters). */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface FeedLink {
  url: string;
  created_at: Date;
}

function feedUrl(ctx: JobsContext, token: string): string {
  return `${ctx.publicUrl.replace(/\/$/, '')}/api/calendar/${token}.ics`;
}

async function writeToken(ctx: JobsContext, user: Member, onlyIfMissing: boolean): Promise<FeedLink | null> {
  const token = randomBytes(32).toString('base64url');
  const row = await saveFeedToken(
    ctx.database,
    { user_id: user.id, user_type: user.type, language: user.language, token },
    ctx.now(),
    onlyIfMissing,
  );
  return row ? { url: feedUrl(ctx, token), created_at: row.created_at } : null;
}

/** The user's feed, made on first use. Each visit records the user's language, which the feed's texts follow. */
export async function calendarFeedOf(ctx: JobsContext, user: Member): Promise<FeedLink> {
  const existing = await findFeedOfUser(ctx.database, user.id);
  if (!existing) {
    const made = await writeToken(ctx, user, true);
    if (made) return made;
  }
  await setFeedLanguage(ctx.database, user.id, user.language);
  const feed = existing ?? (await findFeedOfUser(ctx.database, user.id));
  return { url: feedUrl(ctx, feed!.token), created_at: feed!.created_at };
}

/** A new secret link; the old one answers 404 from now on. */
export async function resetCalendarFeed(ctx: JobsContext, user: Member): Promise<FeedLink> {
  return (await writeToken(ctx, user, false))!;
}

/** The feed behind a token: the owner's confirmed shifts from FEED_PAST_DAYS ago on. Unknown or revoked: 404. */
export async function feedCalendar(ctx: JobsContext, token: string): Promise<string> {
  if (!TOKEN_SHAPE.test(token)) throw JobsErrors.calendarFeedNotFound();
  const feed = await findFeedByToken(ctx.database, token);
  if (!feed) throw JobsErrors.calendarFeedNotFound();
  const now = ctx.now();
  const since = new Date(now.getTime() - FEED_PAST_DAYS * 24 * 3_600_000);
  const shifts = await confirmedShiftsOf(
    ctx.database,
    { id: feed.user_id, type: feed.user_type },
    since,
    FEED_MAX_EVENTS,
  );
  return renderCalendar(shifts, {
    viewer: feed.user_type,
    language: feed.language,
    publicUrl: ctx.publicUrl,
    now,
    feed: true,
  });
}

/**
 * One confirmed shift as an .ics file, for its restaurant or its confirmed chef. As elsewhere in jobs: a job that
 * is not theirs is 404 (another restaurant's, or one a chef never applied to), a chef who only applied is 403,
 * and a shift with nobody confirmed (open, cancelled, expired) is 409.
 */
export async function shiftCalendar(
  ctx: JobsContext,
  user: Member,
  jobId: string,
): Promise<{ ics: string; shift: CalendarShift }> {
  const job = await findJob(ctx.database, jobId);
  if (!job) throw JobsErrors.jobNotFound();
  if (user.type === 'restaurant' && job.restaurant_id !== user.id) throw JobsErrors.jobNotFound();
  if (user.type === 'chef' && !(await applicationIdOf(ctx.database, ctx.database.db, jobId, user.id)))
    throw JobsErrors.jobNotFound();
  if (user.type === 'chef') {
    // Its chef: confirmed on it, or confirmed until the owner cancelled (then nothing to add: 409 below).
    const chefOfShift =
      job.cancelled_chef_id ?? (await confirmedChefOf(ctx.database, ctx.database.db, jobId));
    if (chefOfShift !== user.id) throw JobsErrors.notShiftChef();
  }
  const shift = await confirmedShiftOfJob(ctx.database, jobId);
  if (!shift) throw JobsErrors.notBooked();
  const ics = renderCalendar([shift], {
    viewer: user.type,
    language: user.language as Language,
    publicUrl: ctx.publicUrl,
    now: ctx.now(),
  });
  return { ics, shift };
}
