import { transitionAllows, type Actor } from './job';

/**
 * The application lifecycle as data: the stored status plus `worker_confirmed` after acceptance make the state;
 * each action names the states it may start from, the state it leaves and who may trigger it.
 */
export const APPLICATION_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled', 'lapsed'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

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

export const APPLICATION_TRANSITIONS = {
  accept: { from: ['pending'], to: { status: 'accepted', worker_confirmed: null }, by: ['restaurant'] },
  reject: { from: ['pending'], to: { status: 'rejected' }, by: ['restaurant'] },
  confirm: {
    from: ['awaiting_confirmation'],
    to: { status: 'accepted', worker_confirmed: true },
    by: ['chef'],
  },
  decline: {
    from: ['awaiting_confirmation'],
    to: { status: 'accepted', worker_confirmed: false },
    by: ['chef'],
  },
  /**
   * the chef accepts a direct offer (issue 35): their application (made for the offer, or the one they had) is
   * accepted and confirmed at once
   */
  take_offer: {
    from: ['pending', 'awaiting_confirmation'],
    to: { status: 'accepted', worker_confirmed: true },
    by: ['chef'],
  },
  /** the chef withdraws, until the shift starts (within LATE_CANCEL_WINDOW of it, a late cancellation) */
  cancel: {
    from: ['pending', 'awaiting_confirmation', 'confirmed'],
    to: { status: 'cancelled' },
    by: ['chef'],
  },
  /** another chef confirmed: the other pending applications are turned down */
  close: { from: ['pending'], to: { status: 'rejected' }, by: ['system'] },
  /** the owner cancelled the job */
  withdraw: {
    from: ['pending', 'awaiting_confirmation', 'confirmed'],
    to: { status: 'cancelled' },
    by: ['system'],
  },
  /** the shift started with nobody confirmed: what was still waiting lapses */
  lapse: { from: ['pending', 'awaiting_confirmation'], to: { status: 'lapsed' }, by: ['system'] },
} as const satisfies Record<string, { from: readonly ApplicationState[]; to: Target; by: readonly Actor[] }>;
export type ApplicationAction = keyof typeof APPLICATION_TRANSITIONS;

export function canApplication(action: ApplicationAction, state: ApplicationState, actor?: Actor): boolean {
  return transitionAllows<ApplicationState>(APPLICATION_TRANSITIONS[action], state, actor);
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
