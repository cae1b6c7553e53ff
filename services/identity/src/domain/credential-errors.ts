import { AppError } from '@brigade/kit';
import { CREDENTIAL_PENDING_MAX, ERROR_CODES } from '@brigade/contracts';

// Issue 39: the refusals of credentials (nothing stored, nothing changed). Texts: contracts/src/errors.ts.

const refusal = (status: number, code: keyof typeof ERROR_CODES) => () =>
  new AppError(status, code, ERROR_CODES[code]);

export const CredentialErrors = {
  unknownType: refusal(400, 'IDENTITY.CREDENTIAL_TYPE'),
  fileRequired: refusal(400, 'IDENTITY.CREDENTIAL_FILE_REQUIRED'),
  fileTooLarge: refusal(413, 'IDENTITY.CREDENTIAL_FILE_TOO_LARGE'),
  fileType: refusal(415, 'IDENTITY.CREDENTIAL_FILE_TYPE'),
  expiredDate: refusal(400, 'IDENTITY.CREDENTIAL_EXPIRED_DATE'),
  notFound: refusal(404, 'IDENTITY.CREDENTIAL_NOT_FOUND'),
  notPending: refusal(409, 'IDENTITY.CREDENTIAL_NOT_PENDING'),
  notVerified: refusal(409, 'IDENTITY.CREDENTIAL_NOT_VERIFIED'),
  tooManyPending: () =>
    new AppError(
      409,
      'IDENTITY.TOO_MANY_PENDING_CREDENTIALS',
      `You have ${CREDENTIAL_PENDING_MAX} credentials waiting for review: add more once they are decided`,
      { pending_max: CREDENTIAL_PENDING_MAX },
    ),
  linkExpired: refusal(403, 'IDENTITY.FILE_LINK_EXPIRED'),
  storeUnavailable: refusal(503, 'IDENTITY.FILE_STORE_UNAVAILABLE'),
};
