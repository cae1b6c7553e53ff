import { z } from 'zod';
import { APPEAL_OUTCOMES, MARK_KIND_NAMES } from '../appeals';

// Issue 39's integration events (jobs publishes them): an appeal of a mark decided, and a mark removed on appeal.

const Id = z.string().uuid();

/** The mark as jobs keeps it: the reliability fact's own key (user, kind, job, seat), as `jobs.reliability.recorded.v1` said it. */
const MarkFact = {
  mark_id: Id,
  user_id: Id,
  user_type: z.enum(['chef', 'restaurant']),
  /** the fact's kind as `jobs.reliability.recorded.v1` names it */
  kind: z.enum(['late_cancellations', 'no_shows', 'disputes_lost']),
  job_id: Id,
  seat_no: z.number().int().min(1),
  /** when the mark was put on the record (the recorded event's `occurred_at`) */
  occurred_at: z.string(),
};

export const appealEvents = {
  /**
   * An operator removed a mark on appeal: it counts nowhere from now on. Identity drops it from profiles and the
   * chef search (counted as "removed on appeal"), payments from the instant payout's free rule. A consumer that
   * has not seen the fact yet keeps it as removed, so a late `jobs.reliability.recorded.v1` never counts it.
   */
  'jobs.mark.removed.v1': z.object({
    ...MarkFact,
    appeal_id: Id,
    removed_at: z.string(),
  }),
  /** An operator decided an appeal (kept or removed the mark, with a note): the appellant is texted. */
  'jobs.appeal.decided.v1': z.object({
    ...MarkFact,
    appeal_id: Id,
    /** the mark's kind as the API names it (`no_show`) */
    mark_kind: z.enum(MARK_KIND_NAMES),
    outcome: z.enum(APPEAL_OUTCOMES),
    note: z.string(),
    operator_id: Id,
    decided_at: z.string(),
  }),
};
