import { AppError } from '@brigade/kit';
import { APPEAL_REFUSALS, type AppealRefusal } from '@brigade/contracts';

// Issue 39: the refusals of an appeal and of its decision (the rules are contracts' appeals.ts).

const REFUSAL_TEXTS: Record<AppealRefusal, string> = {
  removed: 'This mark was already removed from your record',
  already_appealed: 'This mark has already been appealed',
  window_closed: 'The time to appeal this mark has passed',
};

/** 404 and 409 refusals of appeals (nothing changed). */
export const AppealErrors = {
  /** Not a mark, or someone else's: 404 either way, so a mark's id says nothing about whose it is. */
  markNotFound: () => new AppError(404, 'JOBS.MARK_NOT_FOUND', 'There is no such mark on your record'),
  refused: (refusal: AppealRefusal, appealUntil: Date) =>
    new AppError(409, APPEAL_REFUSALS[refusal], REFUSAL_TEXTS[refusal], {
      appeal_until: appealUntil.toISOString(),
    }),
  appealNotFound: () => new AppError(404, 'JOBS.APPEAL_NOT_FOUND', 'Appeal not found'),
  appealDecided: () => new AppError(409, 'JOBS.APPEAL_DECIDED', 'This appeal has already been decided'),
};
