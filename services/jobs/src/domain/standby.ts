import { applicationState } from '@brigade/contracts';
import type { ApplicationRow } from './records';

/**
 * Whether a chef with this application to a shift (or none) may wait on its standby list and take a seat
 * offered from it (issue 37): no application, a pending one, an acceptance awaiting their answer, or a pending
 * one turned down only because the shift filled (`closed_at_fill`). Not after the restaurant rejected them, nor
 * once they cancelled, declined or lapsed.
 */
export function standbyMayTake(
  app: Pick<ApplicationRow, 'status' | 'worker_confirmed' | 'closed_at_fill'> | null,
): boolean {
  if (!app) return true;
  const state = applicationState(app.status, app.worker_confirmed);
  if (state === 'pending' || state === 'awaiting_confirmation') return true;
  return state === 'rejected' && app.closed_at_fill === true;
}
