import { AppError } from '@brigade/kit';
import { formatUsd, MESSAGES, policyText, type Language } from '@brigade/contracts';

/** Every refusal of the jobs service: a human text, a stable code JOBS.<REASON>, an HTTP status. */
export const JobsErrors = {
  jobNotFound: () => new AppError(404, 'JOBS.JOB_NOT_FOUND', MESSAGES.jobNotFound),
  applicationNotFound: () => new AppError(404, 'JOBS.APPLICATION_NOT_FOUND', 'Application not found'),
  chefNotFound: () => new AppError(404, 'JOBS.CHEF_NOT_FOUND', 'Chef not found'),
  restaurantNotFound: () => new AppError(404, 'JOBS.RESTAURANT_NOT_FOUND', 'Restaurant not found'),
  noOpenShift: () =>
    new AppError(409, 'JOBS.NO_OPEN_SHIFT', 'Post a shift first: an invitation names your next open shift'),
  notJobOwner: () => new AppError(403, 'JOBS.NOT_JOB_OWNER', MESSAGES.noApplicationsPermission),

  startInPast: () => new AppError(400, 'JOBS.START_IN_PAST', 'Start time must be in the future'),
  beyondWindow: () =>
    new AppError(400, 'JOBS.BEYOND_POSTING_WINDOW', 'Shifts can be posted up to 7 days ahead'),
  endBeforeStart: () => new AppError(400, 'JOBS.END_BEFORE_START', 'End time must be after start time'),
  templateNotFound: () => new AppError(404, 'JOBS.TEMPLATE_NOT_FOUND', 'Shift template not found'),
  templateNameTaken: () =>
    new AppError(409, 'JOBS.TEMPLATE_NAME_TAKEN', 'You already have a template with this name'),
  tooManyTemplates: (max: number) =>
    new AppError(
      409,
      'JOBS.TOO_MANY_TEMPLATES',
      `You can keep at most ${max} shift templates: delete one first`,
      { max },
    ),
  // reconfirmation and standby (issue 37)
  reconfirmNotDue: (opensAt: string | null) =>
    new AppError(409, 'JOBS.RECONFIRM_NOT_DUE', 'No reconfirmation is due for this shift now', {
      opens_at: opensAt,
    }),
  reconfirmReleased: () =>
    new AppError(409, 'JOBS.RECONFIRM_RELEASED', 'Too late to reconfirm: the seat was released'),
  standbyOwnShift: () =>
    new AppError(
      409,
      'JOBS.STANDBY_OWN_SHIFT',
      'You are booked on this shift: standby is for shifts you cannot take',
    ),
  // direct offers (issue 35)
  offerNotFound: () => new AppError(404, 'JOBS.OFFER_NOT_FOUND', 'Offer not found'),
  chefSuspended: () => new AppError(409, 'JOBS.CHEF_SUSPENDED', 'This chef cannot take shifts right now'),
  noFreeSeat: () =>
    new AppError(409, 'JOBS.NO_FREE_SEAT', 'This shift has no free seat: every seat is booked'),
  seatsHeld: () =>
    new AppError(
      409,
      'JOBS.NO_FREE_SEAT',
      'Every seat of this shift is booked or held by an accepted chef awaiting their answer',
    ),
  offerExists: () =>
    new AppError(409, 'JOBS.OFFER_EXISTS', 'This chef already has a live offer for this shift'),
  applicationClosed: () =>
    new AppError(
      409,
      'JOBS.APPLICATION_CLOSED',
      "This chef's application to this shift is closed: offer them another shift",
    ),
  offerTaken: () =>
    new AppError(409, 'JOBS.OFFER_TAKEN', 'Another chef took the last seat of this shift first'),
  offerExpired: () => new AppError(409, 'JOBS.OFFER_EXPIRED', 'This offer has expired'),
  offerAnswered: () => new AppError(409, 'JOBS.OFFER_ANSWERED', 'This offer has already been answered'),
  offerWithdrawn: () => new AppError(409, 'JOBS.OFFER_WITHDRAWN', 'This shift is no longer open'),
  // issue 37: blocks
  blockSelf: () => new AppError(400, 'JOBS.BLOCK_SELF', 'You cannot block yourself'),
  blockTargetNotFound: () =>
    new AppError(404, 'JOBS.BLOCK_TARGET_NOT_FOUND', 'No chef or restaurant with this id'),
  notAFavorite: () =>
    new AppError(400, 'JOBS.NOT_A_FAVORITE', 'notifyFavorites can only list chefs from your roster'),

  jobNotOpen: () => new AppError(409, 'JOBS.JOB_NOT_OPEN', 'This job is not open for applications'),
  shiftStarted: () => new AppError(409, 'JOBS.SHIFT_STARTED', 'This shift has already started'),
  alreadyApplied: () => new AppError(409, 'JOBS.ALREADY_APPLIED', 'You have already applied to this job'),
  profileRequired: () =>
    new AppError(403, 'JOBS.PROFILE_REQUIRED', 'Please complete your profile before applying to shifts'),
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
      'Only pending, accepted or confirmed applications can be cancelled',
    ),
  cannotCancelJob: (status: string) =>
    new AppError(409, 'JOBS.CANNOT_CANCEL_JOB', `A ${status.replace('_', ' ')} job cannot be cancelled`),
  /** After the start nothing is cancelled any more: checkout decides (the policy's text, in the caller's language). */
  startedCannotBeCancelled: (language: Language) =>
    new AppError(409, 'JOBS.SHIFT_STARTED', policyText(language, 'cancel_started')),

  notCheckoutable: () =>
    new AppError(
      409,
      'JOBS.NOT_CHECKOUTABLE',
      'Checkout is only possible for the confirmed chef of a filled shift',
    ),
  // Checkout before the end: `checkoutNotOpen` in domain/booking.ts (the time it opens, in the caller's language).
  ratingRequired: () =>
    new AppError(400, 'JOBS.RATING_REQUIRED', 'Please rate the other side from 1 to 5 stars'),
  ratingWithoutWork: () =>
    new AppError(
      400,
      'JOBS.RATING_WITHOUT_WORK',
      'A shift that was not worked is not rated: leave the rating out',
    ),
  // issue 39: reviews
  tagsNotAllowed: () =>
    new AppError(
      400,
      'JOBS.TAGS_NOT_ALLOWED',
      "Tags are for a restaurant's review of a chef who worked the shift",
    ),
  reviewNotFound: () => new AppError(404, 'JOBS.REVIEW_NOT_FOUND', 'Review not found'),
  ownReview: () => new AppError(403, 'JOBS.OWN_REVIEW', 'You cannot reply to your own review'),
  alreadyReplied: () => new AppError(409, 'JOBS.ALREADY_REPLIED', 'This review already has a reply'),
  reviewAlreadyHidden: () => new AppError(409, 'JOBS.REVIEW_ALREADY_HIDDEN', 'This review is already hidden'),
  checkoutClosed: () =>
    new AppError(
      409,
      'JOBS.CHECKOUT_CLOSED',
      'The checkout deadline has passed: the answer given stands (or the shift is paid out if nobody answered)',
    ),
  alreadyCheckedOut: () =>
    new AppError(409, 'JOBS.ALREADY_CHECKED_OUT', 'You have already checked out of this shift'),

  notDisputeParty: () =>
    new AppError(
      403,
      'JOBS.NOT_DISPUTE_PARTY',
      "Only the shift's restaurant and its confirmed chef can write a statement",
    ),
  notInDispute: () => new AppError(409, 'JOBS.NOT_IN_DISPUTE', 'This shift is not in dispute'),
  noDispute: () => new AppError(404, 'JOBS.NO_DISPUTE', 'This shift has no dispute'),
  disputeResolved: () => new AppError(409, 'JOBS.DISPUTE_RESOLVED', 'This dispute has already been decided'),
  /** Issue 35: two or more seats of the job are in dispute and the request named none of them. */
  seatRequired: (seats: number[]) =>
    new AppError(
      409,
      'JOBS.SEAT_REQUIRED',
      `Seats ${seats.join(', ')} of this shift are in dispute: say which one (seat_no)`,
      { disputed_seats: seats },
    ),
  tooManyStatements: (max: number) =>
    new AppError(
      409,
      'JOBS.TOO_MANY_STATEMENTS',
      `Each side can write at most ${max} statements in a dispute`,
      {
        max,
      },
    ),
  statementsTooFast: (retryAfterSeconds: number) =>
    new AppError(
      429,
      'JOBS.STATEMENTS_TOO_FAST',
      'You are writing statements too quickly: please wait a minute',
      { retry_after_seconds: retryAfterSeconds },
    ),
  chefPayOutOfRange: (subtotalCents: number) =>
    new AppError(
      400,
      'JOBS.CHEF_PAY_OUT_OF_RANGE',
      `chef_pay_cents must be from 0 to ${subtotalCents} ($0.00 to ${formatUsd(subtotalCents)}, the shift pay)`,
    ),

  notBooked: () => new AppError(409, 'JOBS.NOT_BOOKED', 'Only a confirmed shift can be added to a calendar'),
  notShiftChef: () =>
    new AppError(
      403,
      'JOBS.NOT_SHIFT_CHEF',
      "Only the shift's restaurant and its confirmed chef can add it to a calendar",
    ),
  calendarFeedNotFound: () => new AppError(404, 'JOBS.CALENDAR_FEED_NOT_FOUND', 'Calendar feed not found'),
} as const;
