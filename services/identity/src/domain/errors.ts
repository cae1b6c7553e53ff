import { AppError } from '@brigade/kit';
import { ERROR_CODES, MESSAGES } from '@brigade/contracts';

export const IdentityErrors = {
  emailTaken: () => new AppError(409, 'IDENTITY.EMAIL_TAKEN', 'An account with this email already exists'),
  invalidCredentials: () => new AppError(401, 'IDENTITY.INVALID_CREDENTIALS', 'Invalid email or password'),
  invalidRefresh: () =>
    new AppError(401, 'IDENTITY.INVALID_REFRESH_TOKEN', 'Your session has ended. Please sign in again.'),
  refreshReused: () =>
    new AppError(
      401,
      'IDENTITY.REFRESH_TOKEN_REUSED',
      'This session was signed out for your safety. Please sign in again.',
    ),
  wrongCode: () => new AppError(400, 'IDENTITY.INVALID_CODE', 'Invalid verification code'),
  codeExpired: () =>
    new AppError(400, 'IDENTITY.CODE_EXPIRED', 'This code has expired. Please request a new one.'),
  phoneTaken: () =>
    new AppError(
      409,
      'IDENTITY.PHONE_TAKEN',
      'This phone number is already verified on another Brigade account. Sign in to that account, or use another number.',
    ),
  notYourPhone: () =>
    new AppError(400, 'IDENTITY.NOT_YOUR_PHONE', 'This is not the phone number of your account.'),
  emailAlreadyVerified: () =>
    new AppError(409, 'IDENTITY.EMAIL_ALREADY_VERIFIED', ERROR_CODES['IDENTITY.EMAIL_ALREADY_VERIFIED']),
  tooManyEmails: () => new AppError(429, 'IDENTITY.TOO_MANY_EMAILS', ERROR_CODES['IDENTITY.TOO_MANY_EMAILS']),
  emailTokenInvalid: () =>
    new AppError(400, 'IDENTITY.EMAIL_TOKEN_INVALID', ERROR_CODES['IDENTITY.EMAIL_TOKEN_INVALID']),
  emailTokenExpired: () =>
    new AppError(400, 'IDENTITY.EMAIL_TOKEN_EXPIRED', ERROR_CODES['IDENTITY.EMAIL_TOKEN_EXPIRED']),
  emailTokenUsed: () =>
    new AppError(400, 'IDENTITY.EMAIL_TOKEN_USED', ERROR_CODES['IDENTITY.EMAIL_TOKEN_USED']),
  alreadyVerified: () =>
    new AppError(409, 'IDENTITY.ALREADY_VERIFIED', 'Your phone number is already verified.'),
  noCode: () =>
    new AppError(400, 'IDENTITY.NO_CODE', 'No code is waiting for your account. Please request a new one.'),
  tooManyCodes: () =>
    new AppError(
      429,
      'IDENTITY.TOO_MANY_CODES',
      'Too many codes were sent to this phone number. Please try again in an hour.',
    ),
  tooManyResets: () =>
    new AppError(
      429,
      'IDENTITY.TOO_MANY_RESETS',
      'Too many password reset requests. Please try again in an hour.',
    ),
  tooManyAttempts: () =>
    new AppError(429, 'IDENTITY.TOO_MANY_ATTEMPTS', 'Too many wrong codes. Please request a new code.'),
  userNotFound: () => new AppError(404, 'IDENTITY.USER_NOT_FOUND', 'User not found'),
  profileNotFound: () => new AppError(404, 'IDENTITY.PROFILE_NOT_FOUND', 'Profile not found'),
  unknownZip: () => new AppError(400, 'IDENTITY.UNKNOWN_ZIP', ERROR_CODES['IDENTITY.UNKNOWN_ZIP']),
  homeOutsideArea: () =>
    new AppError(400, 'IDENTITY.HOME_OUTSIDE_AREA', ERROR_CODES['IDENTITY.HOME_OUTSIDE_AREA']),
  locationTooVague: () =>
    new AppError(422, 'IDENTITY.LOCATION_TOO_VAGUE', ERROR_CODES['IDENTITY.LOCATION_TOO_VAGUE']),
  pinOutsideArea: () =>
    new AppError(422, 'IDENTITY.PIN_OUTSIDE_AREA', ERROR_CODES['IDENTITY.PIN_OUTSIDE_AREA']),
  chefNotFound: () => new AppError(404, 'IDENTITY.CHEF_NOT_FOUND', 'Chef not found'),
  restaurantNotFound: () => new AppError(404, 'IDENTITY.RESTAURANT_NOT_FOUND', 'Restaurant not found'),
  requiredFields: () => new AppError(400, 'IDENTITY.REQUIRED_FIELDS', MESSAGES.requiredFields),
  chefStep1: () => new AppError(400, 'IDENTITY.REQUIRED_FIELDS', MESSAGES.chefStep1),
  cuisineRequired: () => new AppError(400, 'IDENTITY.CUISINE_REQUIRED', MESSAGES.cuisineRequired),
  skillRequired: () => new AppError(400, 'IDENTITY.SKILL_REQUIRED', MESSAGES.skillRequired),
  imageType: () => new AppError(400, 'IDENTITY.NOT_AN_IMAGE', MESSAGES.imageType),
  logoTooLarge: () => new AppError(400, 'IDENTITY.IMAGE_TOO_LARGE', MESSAGES.logoTooLarge),
  profileImageTooLarge: () => new AppError(400, 'IDENTITY.IMAGE_TOO_LARGE', MESSAGES.profileImageTooLarge),
  suspended: () =>
    new AppError(
      403,
      'IDENTITY.SUSPENDED',
      'This account is suspended. Please contact Brigade support if you think this is a mistake.',
    ),
  alreadySuspended: () =>
    new AppError(409, 'IDENTITY.ALREADY_SUSPENDED', 'This account is already suspended'),
  notSuspended: () => new AppError(409, 'IDENTITY.NOT_SUSPENDED', 'This account is not suspended'),
  adminOnly: () => new AppError(403, 'IDENTITY.ADMIN_ONLY', ERROR_CODES['IDENTITY.ADMIN_ONLY']),
  notYourself: () => new AppError(409, 'IDENTITY.NOT_YOURSELF', ERROR_CODES['IDENTITY.NOT_YOURSELF']),
  lastAdmin: () => new AppError(409, 'IDENTITY.LAST_ADMIN', ERROR_CODES['IDENTITY.LAST_ADMIN']),
  operatorNotFound: () =>
    new AppError(404, 'IDENTITY.OPERATOR_NOT_FOUND', ERROR_CODES['IDENTITY.OPERATOR_NOT_FOUND']),
  operatorExists: () =>
    new AppError(409, 'IDENTITY.OPERATOR_EXISTS', ERROR_CODES['IDENTITY.OPERATOR_EXISTS']),
  passwordChangeRequired: () =>
    new AppError(403, 'IDENTITY.PASSWORD_CHANGE_REQUIRED', ERROR_CODES['IDENTITY.PASSWORD_CHANGE_REQUIRED']),
  totpRequired: () => new AppError(401, 'IDENTITY.TOTP_REQUIRED', ERROR_CODES['IDENTITY.TOTP_REQUIRED']),
  totpInvalid: () => new AppError(401, 'IDENTITY.TOTP_INVALID', ERROR_CODES['IDENTITY.TOTP_INVALID']),
  totpEnrolmentRequired: () =>
    new AppError(403, 'IDENTITY.TOTP_ENROLMENT_REQUIRED', ERROR_CODES['IDENTITY.TOTP_ENROLMENT_REQUIRED']),
  totpAlreadyEnrolled: () =>
    new AppError(409, 'IDENTITY.TOTP_ALREADY_ENROLLED', ERROR_CODES['IDENTITY.TOTP_ALREADY_ENROLLED']),
  operatorGone: () =>
    new AppError(403, 'AUTH.OPERATORS_ONLY', 'Your operator account no longer exists. Please sign in again.'),
  memberEmail: () =>
    new AppError(
      409,
      'IDENTITY.EMAIL_TAKEN',
      'A chef or restaurant already uses this email: an operator needs an email of its own',
    ),
  wrongAgreement: () =>
    new AppError(
      400,
      'IDENTITY.WRONG_AGREEMENT',
      'Chefs accept worker_tos; restaurants accept restaurant_tos',
    ),
};
