import { MESSAGES } from './constants';
import { NAME_TEXTS } from './display-name';

/**
 * Every stable error `code` the server answers with (`{ error, code }`), and its English `error` text as the
 * server sends it. Texts built at run time (a status, a limit, a card's decline) read here as their general form.
 * The web app shows its own localised text for each code (en and es) and the server's `error` only for a code
 * missing here; `errors.test.ts` fails when a code in the server's sources is missing from this list.
 */
export const ERROR_CODES = {
  // kit: authentication (kit/src/auth.ts, kit/src/errors.ts)
  'AUTH.REQUIRED': 'Authentication required',
  'AUTH.TOKEN_EXPIRED': 'Session expired',
  'AUTH.INVALID_TOKEN': 'Invalid session',
  'AUTH.SESSION_REVOKED': 'Your session has ended. Please sign in again.',
  'AUTH.FORBIDDEN': 'You are not allowed to do this',
  'AUTH.WRONG_ROLE': 'Only chefs can do this',
  'AUTH.OPERATORS_ONLY': 'Only operators can do this',
  'AUTH.PHONE_UNVERIFIED':
    'Please verify your phone number first. You can get a new code from your dashboard or Settings.',

  // kit: HTTP and validation (kit/src/http.ts, kit/src/errors.ts)
  'HTTP.BAD_REQUEST': 'Bad request',
  'HTTP.BAD_BODY': 'Request body must be a JSON object',
  'HTTP.BAD_URL': 'Malformed percent-encoding in the URL',
  'HTTP.TOO_DEEP': 'Request body is nested too deeply',
  'HTTP.NOT_FOUND': 'Not found',
  'HTTP.CONFLICT': 'Conflict',
  'HTTP.RATE_LIMITED': 'Too many requests',
  'HTTP.NOT_READY': 'Not ready',
  'HTTP.400': 'Request body is not valid JSON',
  'HTTP.408': 'The request took too long to arrive',
  'HTTP.413': 'Request body is too large',
  'HTTP.415': 'Unsupported charset',
  'HTTP.431': 'The URL or headers are too large',
  'VALIDATION.FAILED': 'Invalid request',
  'VALIDATION.NUL': 'Text must not contain NUL characters',
  // a display name with hidden characters or too few visible ones (contracts/src/display-name.ts, issue 33)
  'VALIDATION.INVISIBLE_CHARACTERS': NAME_TEXTS['VALIDATION.INVISIBLE_CHARACTERS'],
  'VALIDATION.NAME_TOO_SHORT': NAME_TEXTS['VALIDATION.NAME_TOO_SHORT'],
  'SERVICE.UNAVAILABLE': 'Service temporarily unavailable, please try again',
  INTERNAL: 'Something went wrong on our side',

  // kit: the operators' routes every service mounts (kit/src/ops-router.ts)
  'OPS.JOB_NOT_FOUND': 'No such job',
  'OPS.QUEUE_NOT_FOUND': 'This service has no queue of that name',
  'OPS.BUS_UNAVAILABLE': 'The event bus is not reachable',

  // gateway (gateway/src)
  'GATEWAY.NOT_FOUND': 'Not found',
  'GATEWAY.SERVICE_UNAVAILABLE': 'This part of Brigade is not available right now',
  'GATEWAY.TOO_LARGE': 'Request body is too large',
  'GATEWAY.RATE_LIMITED': 'Too many attempts. Please wait and try again.',
  'GATEWAY.BAD_GATEWAY': 'Bad gateway, please try again',
  'GATEWAY.TIMEOUT': 'The service took too long to answer',
  'GATEWAY.CORS': 'Origin not allowed',
  'GATEWAY.NO_SANDBOX': 'The SMS sandbox is not active',
  'GATEWAY.UNKNOWN_QUEUE': 'No service owns a queue of that name',

  // identity (services/identity/src)
  'IDENTITY.EMAIL_TAKEN': 'An account with this email already exists',
  'IDENTITY.INVALID_CREDENTIALS': 'Invalid email or password',
  'IDENTITY.INVALID_REFRESH_TOKEN': 'Your session has ended. Please sign in again.',
  'IDENTITY.REFRESH_TOKEN_REUSED': 'This session was signed out for your safety. Please sign in again.',
  'IDENTITY.SUSPENDED':
    'This account is suspended. Please contact Brigade support if you think this is a mistake.',
  'IDENTITY.ALREADY_SUSPENDED': 'This account is already suspended',
  'IDENTITY.NOT_SUSPENDED': 'This account is not suspended',
  'IDENTITY.ADMIN_ONLY': 'Only admins can manage operators',
  'IDENTITY.NOT_YOURSELF': 'You cannot suspend or remove yourself',
  'IDENTITY.LAST_ADMIN': 'The last admin cannot be suspended or removed',
  'IDENTITY.OPERATOR_NOT_FOUND': 'Operator not found',
  'IDENTITY.OPERATOR_EXISTS': 'An operator with this email already exists',
  'IDENTITY.PASSWORD_CHANGE_REQUIRED': 'Please choose a new password: the one you were given works only once',
  'IDENTITY.TOTP_REQUIRED': 'Enter the 6-digit code of your authenticator app',
  'IDENTITY.TOTP_INVALID': 'This code is not right. Enter the current code of your authenticator app.',
  'IDENTITY.TOTP_ENROLMENT_REQUIRED': 'Two-step sign-in is required: set up your authenticator app first',
  'IDENTITY.TOTP_ALREADY_ENROLLED': 'Two-step sign-in is already set up for this account',
  'IDENTITY.USER_NOT_FOUND': 'User not found',
  'IDENTITY.PROFILE_NOT_FOUND': 'Profile not found',
  'IDENTITY.CHEF_NOT_FOUND': 'Chef not found',
  'IDENTITY.RESTAURANT_NOT_FOUND': 'Restaurant not found',
  'IDENTITY.REQUIRED_FIELDS': MESSAGES.requiredFields,
  'IDENTITY.CUISINE_REQUIRED': MESSAGES.cuisineRequired,
  'IDENTITY.SKILL_REQUIRED': MESSAGES.skillRequired,
  'IDENTITY.NOT_AN_IMAGE': MESSAGES.imageType,
  'IDENTITY.IMAGE_TOO_LARGE': MESSAGES.logoTooLarge,
  'IDENTITY.IMAGE_NOT_FOUND': 'Image not found',
  'IDENTITY.BAD_FORM': 'Invalid form data',
  'IDENTITY.UNEXPECTED_FILE': 'Only one image is accepted',
  'IDENTITY.WRONG_AGREEMENT': 'Chefs accept worker_tos; restaurants accept restaurant_tos',
  'IDENTITY.INVALID_CODE': 'Invalid verification code',
  'IDENTITY.CODE_EXPIRED': 'This code has expired. Please request a new one.',
  'IDENTITY.NO_CODE': 'No code is waiting for your account. Please request a new one.',
  'IDENTITY.TOO_MANY_ATTEMPTS': 'Too many wrong codes. Please request a new code.',
  'IDENTITY.TOO_MANY_CODES': 'Too many codes were sent to this phone number. Please try again in an hour.',
  'IDENTITY.TOO_MANY_RESETS': 'Too many password reset requests. Please try again in an hour.',
  'IDENTITY.ALREADY_VERIFIED': 'Your phone number is already verified.',
  'IDENTITY.EMAIL_ALREADY_VERIFIED': 'Your email is already verified.',
  'IDENTITY.TOO_MANY_EMAILS':
    'We sent you a link less than a minute ago. Please wait a minute and try again.',
  'IDENTITY.EMAIL_TOKEN_INVALID': 'This link is not valid. Ask for a new one from your account settings.',
  'IDENTITY.EMAIL_TOKEN_EXPIRED': 'This link has expired. Ask for a new one from your account settings.',
  'IDENTITY.EMAIL_TOKEN_USED': 'This link was already used. Ask for a new one if your email is not verified.',
  'IDENTITY.NOT_YOUR_PHONE': 'This is not the phone number of your account.',
  'IDENTITY.PHONE_TAKEN':
    'This phone number is already verified on another Brigade account. Sign in to that account, or use another number.',
  'IDENTITY.SMS_REFUSED': 'We could not send a code to this phone number.',
  'IDENTITY.SMS_UNAVAILABLE': 'We could not reach the SMS service. Please try again in a minute.',
  'IDENTITY.UNKNOWN_ZIP':
    'Enter a 5-digit ZIP code of the Minneapolis or Detroit area (alone or at the end of your address).',
  'IDENTITY.HOME_OUTSIDE_AREA':
    'That place is more than 45 miles from your city. Choose the city you work in, or another ZIP code.',
  'IDENTITY.LOCATION_TOO_VAGUE':
    'Your phone could not tell where you are precisely enough (within 250 m). Step outside or turn on precise location, then try again.',
  'IDENTITY.PIN_OUTSIDE_AREA':
    'That position is more than 45 miles from your city. Pin the location while you are at the restaurant.',
  // issue 39: credentials (a chef's food-handler card and the like, checked by an operator)
  'IDENTITY.CREDENTIAL_TYPE':
    'Unknown credential type: choose food_handler, food_protection_manager, alcohol_server or allergen_awareness',
  'IDENTITY.CREDENTIAL_FILE_REQUIRED': 'Add a photo or a PDF of the credential',
  'IDENTITY.CREDENTIAL_FILE_TOO_LARGE': 'The file is too large: a credential can be at most 5 MB',
  'IDENTITY.CREDENTIAL_FILE_TYPE': 'The file must be a photo (JPEG, PNG, WebP or HEIC) or a PDF',
  'IDENTITY.CREDENTIAL_EXPIRED_DATE': 'The expiry date must be after today',
  'IDENTITY.CREDENTIAL_NOT_FOUND': 'Credential not found',
  'IDENTITY.CREDENTIAL_NOT_PENDING': 'Only a credential waiting for review can be verified or rejected',
  'IDENTITY.CREDENTIAL_NOT_VERIFIED': 'Only a verified credential can be revoked',
  'IDENTITY.TOO_MANY_PENDING_CREDENTIALS':
    'You have 5 credentials waiting for review: add more once they are decided',
  'IDENTITY.FILE_LINK_EXPIRED': 'This link to the file has expired: open the file again from Brigade',
  'IDENTITY.FILE_STORE_UNAVAILABLE': 'The file store is not reachable. Please try again in a minute.',

  // jobs (services/jobs/src)
  'JOBS.JOB_NOT_FOUND': MESSAGES.jobNotFound,
  'JOBS.APPLICATION_NOT_FOUND': 'Application not found',
  'JOBS.CHEF_NOT_FOUND': 'Chef not found',
  'JOBS.NO_OPEN_SHIFT': 'Post a shift first: an invitation names your next open shift',
  // shift templates (issue 35)
  'JOBS.TEMPLATE_NOT_FOUND': 'Shift template not found',
  'JOBS.TEMPLATE_NAME_TAKEN': 'You already have a template with this name',
  'JOBS.TOO_MANY_TEMPLATES': 'You can keep at most 50 shift templates: delete one first',
  // direct offers (issue 35)
  'JOBS.OFFER_NOT_FOUND': 'Offer not found',
  'JOBS.CHEF_SUSPENDED': 'This chef cannot take shifts right now',
  'JOBS.NO_FREE_SEAT': 'This shift has no free seat: every seat is booked',
  'JOBS.OFFER_EXISTS': 'This chef already has a live offer for this shift',
  // reconfirmation and standby (issue 37)
  'JOBS.RECONFIRM_NOT_DUE': 'No reconfirmation is due for this shift now',
  'JOBS.RECONFIRM_RELEASED': 'Too late to reconfirm: the seat was released',
  'JOBS.STANDBY_OWN_SHIFT': 'You are booked on this shift: standby is for shifts you cannot take',
  'JOBS.APPLICATION_CLOSED': "This chef's application to this shift is closed: offer them another shift",
  'JOBS.OFFER_TAKEN': 'Another chef took the last seat of this shift first',
  'JOBS.OFFER_EXPIRED': 'This offer has expired',
  'JOBS.OFFER_ANSWERED': 'This offer has already been answered',
  'JOBS.OFFER_WITHDRAWN': 'This shift is no longer open',
  // edits, repeats and series (issue 35, ADR 0031)
  'JOBS.EDIT_TOO_LATE':
    'Shifts can no longer be changed this close to the start: cancel it instead if you must',
  'JOBS.SEATS_BOOKED': 'Only unbooked seats can be removed: more chefs are booked than that',
  'JOBS.PAY_CUT_BOOKED': "A booked chef's pay cannot be lowered",
  'JOBS.EDIT_UNDER_MINIMUM': 'This change moves less than the $0.50 a card can be charged or refunded',
  'JOBS.EDIT_PENDING': 'An earlier change to this shift is still being charged: wait a moment',
  'JOBS.NOT_EDITABLE': 'Only an open or booked shift that has not started can be changed',
  'JOBS.NO_EDIT_TO_ANSWER': 'There is no change of this shift waiting for your answer',
  // book now and boosts (issue 37)
  'JOBS.INSTANT_BOOK_OFF': 'This shift cannot be booked instantly: apply to it instead',
  'JOBS.BOOK_NOW_NOT_ALLOWED': 'You cannot book instantly yet (apply instead): what is missing is listed',
  'JOBS.NOT_BOOSTABLE': 'Only an open shift with a free seat, paid and not started, can be boosted',
  'JOBS.BOOST_NOT_HIGHER': 'A boost must raise the hourly rate',
  'JOBS.BAD_DATES': 'These dates cannot be booked: past, or beyond the series window',
  'JOBS.SERIES_TOO_LONG': 'A series can reach at most 12 weeks ahead',
  'JOBS.SERIES_EMPTY': 'No date of this series falls on the chosen weekdays',
  'JOBS.SERIES_NOT_FOUND': 'Series not found',
  'JOBS.SERIES_STOPPED': 'This series is stopped',
  'JOBS.NOT_JOB_OWNER': MESSAGES.noApplicationsPermission,
  'JOBS.START_IN_PAST': 'Start time must be in the future',
  'JOBS.BEYOND_POSTING_WINDOW': 'Shifts can be posted up to 7 days ahead',
  'JOBS.END_BEFORE_START': 'End time must be after start time',
  // issue 35: MIN_SHIFT_DURATION (default 2h) and the card minimum (50 cents)
  'JOBS.SHIFT_TOO_SHORT': 'A shift must be at least 2 hours long.',
  'JOBS.CHARGE_UNDER_MINIMUM':
    'This shift would be charged less than the $0.50 a card can be charged: make it longer or raise the hourly rate.',
  'JOBS.NOT_A_FAVORITE': 'notifyFavorites can only list chefs from your roster',
  // issue 37: blocks (never told to the one blocked: they see "not found" as for anything unknown)
  'JOBS.BLOCK_SELF': 'You cannot block yourself',
  'JOBS.BLOCK_TARGET_NOT_FOUND': 'No chef or restaurant with this id',
  'JOBS.JOB_NOT_OPEN': 'This job is not open for applications',
  'JOBS.SHIFT_STARTED': 'This shift has already started',
  'JOBS.ALREADY_APPLIED': 'You have already applied to this job',
  'JOBS.PROFILE_REQUIRED': 'Please complete your profile before applying to shifts',
  'JOBS.NOT_PENDING': 'Only pending applications can be accepted or rejected',
  'JOBS.JOB_FILLED': 'This job has already been filled',
  'JOBS.ALREADY_ACCEPTED': 'Another chef has already been accepted for this job',
  'JOBS.CHEF_NEEDS_STRIPE': MESSAGES.chefNeedsStripe,
  'JOBS.NOT_AWAITING_CONFIRMATION': 'This application is not awaiting your confirmation',
  'JOBS.CANNOT_CANCEL': 'Only pending, accepted or confirmed applications can be cancelled',
  'JOBS.CANNOT_CANCEL_JOB': 'This job cannot be cancelled',
  'JOBS.NOT_CHECKOUTABLE': 'Checkout is only possible for the confirmed chef of a filled shift',
  'JOBS.CHECKOUT_NOT_OPEN': 'Checkout opens at the end of the shift',
  'JOBS.RATING_REQUIRED': 'Please rate the other side from 1 to 5 stars',
  'JOBS.RATING_WITHOUT_WORK': 'A shift that was not worked is not rated: leave the rating out',
  'JOBS.OVERLAPPING_SHIFT': 'The chef is already booked at that time',
  'JOBS.CHECKOUT_CLOSED':
    'The checkout deadline has passed: the answer given stands (or the shift is paid out if nobody answered)',
  'JOBS.ALREADY_CHECKED_OUT': 'You have already checked out of this shift',
  'JOBS.NOT_DISPUTE_PARTY': "Only the shift's restaurant and its confirmed chef can write a statement",
  'JOBS.NOT_IN_DISPUTE': 'This shift is not in dispute',
  'JOBS.NO_DISPUTE': 'This shift has no dispute',
  'JOBS.DISPUTE_RESOLVED': 'This dispute has already been decided',
  // issue 38: a lost card dispute not paid back yet
  'JOBS.CARD_DISPUTE_UNSETTLED':
    'A card dispute on one of your shifts was lost: pay it back on the Card disputes page before posting shifts again',
  // issue 39: a shift that requires credentials the chef has no verified, unexpired one of
  'JOBS.CREDENTIAL_REQUIRED':
    'This shift requires credentials you have no verified one of: add them on your Credentials page',
  'JOBS.SEAT_REQUIRED': 'Two or more seats of this shift are in dispute: say which one (seat_no)',
  'JOBS.TOO_MANY_STATEMENTS': 'Each side can write at most 10 statements in a dispute',
  'JOBS.STATEMENTS_TOO_FAST': 'You are writing statements too quickly: please wait a minute',
  'JOBS.CHEF_PAY_OUT_OF_RANGE': 'chef_pay_cents must be from 0 to the shift pay',
  'JOBS.NOT_BOOKED': 'Only a confirmed shift can be added to a calendar',
  'JOBS.NOT_SHIFT_CHEF': "Only the shift's restaurant and its confirmed chef can add it to a calendar",
  'JOBS.CALENDAR_FEED_NOT_FOUND': 'Calendar feed not found',
  // issue 39: reviews (the checkout's rating and words, published double-blind; one reply; hidden by operators)
  'JOBS.RESTAURANT_NOT_FOUND': 'Restaurant not found',
  'JOBS.TAGS_NOT_ALLOWED': "Tags are for a restaurant's review of a chef who worked the shift",
  'JOBS.REVIEW_NOT_FOUND': 'Review not found',
  'JOBS.OWN_REVIEW': 'You cannot reply to your own review',
  'JOBS.ALREADY_REPLIED': 'This review already has a reply',
  'JOBS.REVIEW_ALREADY_HIDDEN': 'This review is already hidden',
  // the time clock and the timesheet (contracts/src/clock.ts, issue 34)
  'JOBS.CLOCK_NOT_OPEN': 'Clock-in opens 30 minutes before the start of the shift and closes at its end',
  'JOBS.ALREADY_CLOCKED_IN': 'You have already clocked in to this shift',
  'JOBS.NOT_CLOCKED_IN': 'The chef has not clocked in to this shift',
  'JOBS.OUTSIDE_GEOFENCE': 'You are too far from the restaurant to clock in: use the clock code instead',
  'JOBS.LOCATION_TOO_VAGUE':
    'Your position is not precise enough to clock in: try again outside, or use the clock code',
  'JOBS.NO_LOCATION_PIN':
    'This restaurant has not pinned its location: clock in with the code the restaurant shows',
  'JOBS.POSITION_JUMPED': 'This position is too far from your last one to be real',
  'JOBS.BAD_CLOCK_CODE': 'This clock code is not right',
  'JOBS.CLOCK_CODE_LOCKED': 'Too many wrong codes: the clock code is locked for 15 minutes',
  'JOBS.SENT_HOME_WINDOW_PASSED': 'A chef can be sent home only in the first hour after clocking in',
  'JOBS.NO_SHOW_TOO_EARLY': 'A chef can be marked a no-show only an hour after the start',
  'JOBS.TIMESHEET_NOT_SUBMITTED': 'Only a submitted timesheet can be approved or adjusted',
  'JOBS.NO_ADJUSTMENT': 'This timesheet has no adjustment to answer',
  'JOBS.NOT_NO_SHOW': 'This shift is not marked a no-show',
  'JOBS.DISPUTE_WINDOW_PASSED': 'The time to dispute has passed',
  'JOBS.TIMES_OUT_OF_BOUNDS':
    'Times must be from 30 minutes before the start to 4 hours after the end, the clock-out after the clock-in',
  'JOBS.WORKED_MINUTES_OUT_OF_RANGE': 'worked_minutes must be from 0 to the scheduled minutes plus 4 hours',
  // appeals of a mark on a record (contracts/src/appeals.ts, issue 39)
  'JOBS.MARK_NOT_FOUND': 'There is no such mark on your record',
  'JOBS.APPEAL_WINDOW_CLOSED': 'The time to appeal this mark has passed',
  'JOBS.ALREADY_APPEALED': 'This mark has already been appealed',
  'JOBS.MARK_REMOVED': 'This mark was already removed from your record',
  'JOBS.APPEAL_NOT_FOUND': 'Appeal not found',
  'JOBS.APPEAL_DECIDED': 'This appeal has already been decided',

  // payments (services/payments/src)
  'PAYMENTS.JOB_NOT_FOUND': MESSAGES.jobNotFoundOrNotAuthorized,
  'PAYMENTS.APPLICATION_NOT_FOUND': 'Application not found',
  'PAYMENTS.AMOUNT_MISMATCH': 'The amount does not match the job total',
  'PAYMENTS.ALREADY_PAID': 'This job is already paid',
  'PAYMENTS.JOB_CLOSED': 'This job is cancelled or closed and cannot be paid',
  'PAYMENTS.UNDER_CARD_MINIMUM':
    'This job is charged less than the $0.50 a card can be charged and cannot be paid',
  'PAYMENTS.ACCOUNT_NOT_FOUND': 'Payment account not found',
  'PAYMENTS.BAD_SIGNATURE': 'Invalid Stripe signature',
  'PAYMENTS.PROVIDER_UNAVAILABLE': 'The payment provider is unavailable. Please try again.',
  'PAYMENTS.REQUEST_IN_PROGRESS':
    'This is already being done. Please wait a moment, then check or try again.',
  'PAYMENTS.NOT_COMPLETED': 'Payment confirmation failed. Please try again.',
  'PAYMENTS.CARD_ERROR': MESSAGES.cardDeclined,
  'PAYMENTS.BALANCE_NOT_FOUND': 'Balance not found or not authorized',
  'PAYMENTS.INVALID_PAYMENT_METHOD': 'Payment method not found. Please try a different card.',
  'PAYMENTS.PAYMENT_REJECTED': 'Payment failed. Please try again.',
  'PAYMENTS.PAYMENT_IN_PROGRESS': 'A payment for this job is already in progress. Please try again.',
  'PAYMENTS.NO_SAVED_CARD': 'No saved card. Add a card in Payment Setup or enter a card to pay.',
  'PAYMENTS.SETUP_NOT_FOUND': 'Card setup not found',
  'PAYMENTS.SETUP_NOT_COMPLETE': 'The card was not saved. Please try again.',
  'PAYMENTS.AUTHENTICATION_REQUIRED':
    'Your bank asks you to confirm this payment. Please pay by entering your card.',
  'PAYMENTS.SANDBOX_ONLY': 'Provider faults exist only in the Stripe sandbox',
  // issue 38: tips (POST /applications/{id}/tip)
  'PAYMENTS.TIP_NOT_WORKED': 'This shift has not been worked and paid yet, so it cannot be tipped',
  'PAYMENTS.TIP_WINDOW_CLOSED': 'The time to tip this shift has passed',
  'PAYMENTS.TIP_ALREADY_GIVEN': 'This shift has already been tipped',
  'PAYMENTS.TIP_TOO_LARGE': "A tip can be at most 100% of the chef's pay for the shift",
  // issue 38, instant payout
  'PAYMENTS.PAYOUT_OVER_BALANCE': 'That is more than your available balance',
  'PAYMENTS.PAYOUT_PENDING': 'An instant payout is already on its way: wait until it lands or fails',
  'PAYMENTS.NO_DEBIT_CARD': 'Your payout account has no debit card that takes instant payouts',
  'PAYMENTS.PAYOUT_UNDER_FEE': 'The amount does not cover the instant payout fee',
  'PAYMENTS.PAYOUTS_NOT_ENABLED': 'Finish setting up your payout account first',
  // issue 38, statements: a restaurant's weekly statement names an ISO week that exists
  'PAYMENTS.BAD_WEEK': 'week must be an ISO week like 2026-W48',
  // issue 38: card disputes (chargebacks)
  'PAYMENTS.CARD_DISPUTE_NOT_FOUND': 'Card dispute not found or not authorized',
  'PAYMENTS.CARD_DISPUTE_CLOSED':
    'This card dispute is closed or its evidence was already submitted: nothing more can be sent',
  'PAYMENTS.CARD_DISPUTE_NOT_OWED':
    'This card dispute is not owed: it was not lost, or it is already settled',

  // notifications (services/notifications/src)
  'NOTIFICATIONS.TWILIO_SIGNATURE_INVALID': 'Invalid Twilio signature',
  // issue 40: an email's unsubscribe link
  'NOTIFICATIONS.UNSUBSCRIBE_INVALID': 'This unsubscribe link is not valid. Choose your emails in Settings.',
  'NOTIFICATIONS.UNSUBSCRIBE_NOT_YOURS':
    'This unsubscribe link belongs to another account. Sign out, or choose your own emails in Settings.',
  // issue 40: web push subscriptions
  'NOTIFICATIONS.PUSH_ENDPOINT_NOT_ALLOWED': 'This browser’s push service is not one Brigade sends to',
  'NOTIFICATIONS.PUSH_SUBSCRIPTION_NOT_FOUND': 'No push subscription of yours has this endpoint',

  // messaging (services/messaging/src)
  'MESSAGING.THREAD_NOT_FOUND': 'Conversation not found',
  'MESSAGING.JOB_NOT_FOUND': 'Job not found',
  'MESSAGING.CHEF_REQUIRED': 'This job has several applicants: say which chef with chef_id',
  'MESSAGING.BAD_CURSOR': 'since must be an ISO date-time or the id of a message in this conversation',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERROR_CODES, code);
}
