import type { jobsHttp } from '@brigade/contracts';

export type ApplicationStatus = (typeof jobsHttp.APPLICATION_STATUSES)[number];

/** An application's state as the lifecycle sees it: the stored status plus worker_confirmed after acceptance. */
export type ApplicationState =
  'pending' | 'awaiting_confirmation' | 'confirmed' | 'declined' | 'rejected' | 'cancelled' | 'lapsed';

export function applicationState(
  status: ApplicationStatus,
  workerConfirmed: boolean | null,
): ApplicationState {
  if (status !== 'accepted') return status;
  if (workerConfirmed === true) return 'confirmed';
  if (workerConfirmed === false) return 'declined';
  return 'awaiting_confirmation';
}

interface Target {
  status: ApplicationStatus;
  /** undefined keeps the current value */
  worker_confirmed?: boolean | null;
}

/**
 * The application lifecycle as data: action -> the states it may start from and the state it leaves.
 * Actors: accept/reject (job owner), confirm/decline/cancel (the chef), close/withdraw (the system, when the
 * job is filled by another chef or cancelled by its owner).
 */
export const APPLICATION_TRANSITIONS = {
  accept: { from: ['pending'], to: { status: 'accepted', worker_confirmed: null } },
  reject: { from: ['pending'], to: { status: 'rejected' } },
  confirm: { from: ['awaiting_confirmation'], to: { status: 'accepted', worker_confirmed: true } },
  decline: { from: ['awaiting_confirmation'], to: { status: 'accepted', worker_confirmed: false } },
  cancel: { from: ['pending', 'awaiting_confirmation'], to: { status: 'cancelled' } },
  /** another chef confirmed: the other pending applications are turned down */
  close: { from: ['pending'], to: { status: 'rejected' } },
  /** the owner cancelled the job */
  withdraw: { from: ['pending', 'awaiting_confirmation', 'confirmed'], to: { status: 'cancelled' } },
} as const satisfies Record<string, { from: readonly ApplicationState[]; to: Target }>;
export type ApplicationAction = keyof typeof APPLICATION_TRANSITIONS;

export function canApplication(action: ApplicationAction, state: ApplicationState): boolean {
  return (APPLICATION_TRANSITIONS[action].from as readonly ApplicationState[]).includes(state);
}

/** The row values after an action, or null when the action is not allowed from this state. */
export function nextApplication(
  action: ApplicationAction,
  current: { status: ApplicationStatus; worker_confirmed: boolean | null },
): { status: ApplicationStatus; worker_confirmed: boolean | null } | null {
  if (!canApplication(action, applicationState(current.status, current.worker_confirmed))) return null;
  const to: Target = APPLICATION_TRANSITIONS[action].to;
  return {
    status: to.status,
    worker_confirmed: to.worker_confirmed === undefined ? current.worker_confirmed : to.worker_confirmed,
  };
}
