import { AppError } from '@brigade/kit';
import { MESSAGES } from '@brigade/contracts';

/** Every refusal of the jobs service: a human text, a stable code JOBS.<REASON>, an HTTP status. */
export const JobsErrors = {
  jobNotFound: () => new AppError(404, 'JOBS.JOB_NOT_FOUND', MESSAGES.jobNotFound),
  applicationNotFound: () => new AppError(404, 'JOBS.APPLICATION_NOT_FOUND', 'Application not found'),
  chefNotFound: () => new AppError(404, 'JOBS.CHEF_NOT_FOUND', 'Chef not found'),
  notJobOwner: () => new AppError(403, 'JOBS.NOT_JOB_OWNER', MESSAGES.noApplicationsPermission),

  startInPast: () => new AppError(400, 'JOBS.START_IN_PAST', 'Start time must be in the future'),
  beyondWindow: () =>
    new AppError(400, 'JOBS.BEYOND_POSTING_WINDOW', 'Shifts can be posted up to 7 days ahead'),
  endBeforeStart: () => new AppError(400, 'JOBS.END_BEFORE_START', 'End time must be after start time'),
  notAFavorite: () =>
    new AppError(400, 'JOBS.NOT_A_FAVORITE', 'notifyFavorites can only list chefs from your roster'),

  jobNotOpen: () => new AppError(409, 'JOBS.JOB_NOT_OPEN', 'This job is not open for applications'),
  shiftStarted: () => new AppError(409, 'JOBS.SHIFT_STARTED', 'This shift has already started'),
  alreadyApplied: () => new AppError(409, 'JOBS.ALREADY_APPLIED', 'You have already applied to this job'),
  notPending: () =>
    new AppError(409, 'JOBS.NOT_PENDING', 'Only pending applications can be accepted or rejected'),
  jobFilled: () => new AppError(409, 'JOBS.JOB_FILLED', 'This job has already been filled'),
  alreadyAccepted: () =>
    new AppError(409, 'JOBS.ALREADY_ACCEPTED', 'Another chef has already been accepted for this job'),
  chefNeedsStripe: () =>
    new AppError(400, 'JOBS.CHEF_NEEDS_STRIPE', MESSAGES.chefNeedsStripe, { chefNeedsStripe: true }),
  notAwaitingConfirmation: () =>
    new AppError(409, 'JOBS.NOT_AWAITING_CONFIRMATION', 'This application is not awaiting your confirmation'),
  cannotCancelApplication: () =>
    new AppError(
      409,
      'JOBS.CANNOT_CANCEL',
      'Only pending applications, or accepted ones you have not confirmed, can be cancelled',
    ),
  cannotCancelJob: (status: string) =>
    new AppError(409, 'JOBS.CANNOT_CANCEL_JOB', `A ${status.replace('_', ' ')} job cannot be cancelled`),
  startedJobCannotBeCancelled: () =>
    new AppError(409, 'JOBS.SHIFT_STARTED', 'A filled shift cannot be cancelled once it has started'),

  notCheckoutable: () =>
    new AppError(
      409,
      'JOBS.NOT_CHECKOUTABLE',
      'Checkout is only possible for the confirmed chef of a filled shift',
    ),
  checkoutTooEarly: () => new AppError(409, 'JOBS.SHIFT_NOT_STARTED', 'Checkout opens when the shift starts'),
  alreadyCheckedOut: () =>
    new AppError(409, 'JOBS.ALREADY_CHECKED_OUT', 'You have already checked out of this shift'),
} as const;
