import i18n from './i18n';

// What the server says, in the reader's language. Errors carry a stable `code` (contracts/src/errors.ts lists
// them all; locales/{en,es}/errors.json has a text for each); validation errors (VALIDATION.FAILED) and a few
// success answers carry the spec's English sentences, which are mapped here to texts of ours. The server's own
// English is shown only for a code the web does not know.

/** The spec's English sentences the server sends (zod messages of the contracts, success messages) -> text keys. */
export const SERVER_TEXTS: ReadonlyArray<readonly [english: string | RegExp, key: string]> = [
  ["Passwords don't match", 'passwordsDontMatch'],
  ['Password must be at least 8 characters', 'passwordTooShort'],
  ['Please enter a 6-digit code', 'codeSixDigits'],
  ['Please fill in all required fields. Bio must be 250 characters or less.', 'chefStep1'],
  ['Please fill in all required fields', 'requiredFields'],
  ['Job not found or not authorized', 'jobNotFoundOrNotAuthorized'],
  ['Please enter a valid email address', 'validEmail'],
  ['Rating must be a whole number from 1 to 5', 'ratingRange'],
  ['Address is too long', 'addressTooLong'],
  ['Description is too long', 'descriptionTooLong'],
  ['Email is required', 'emailRequired'],
  ['Email is too long', 'emailTooLong'],
  ['Feedback must be 1000 characters or less', 'feedbackTooLong'],
  ['Message cannot be empty', 'messageEmpty'],
  [/^Message must be (?<max>\d+) characters or less$/, 'messageTooLong'],
  ['Name is too long', 'nameTooLong'],
  ['Notes can be at most 2000 characters', 'notesTooLong'],
  ['Password is required', 'passwordRequired'],
  ['Password is too long', 'passwordTooLong'],
  ['Phone is required', 'phoneRequired'],
  ['Please enter a valid phone number', 'validPhone'],
  ['Please explain the decision in a note', 'decisionNote'],
  ['Please give a reason', 'giveReason'],
  ['Please write your statement', 'writeStatement'],
  ['Reasons can be at most 1000 characters', 'reasonsTooLong'],
  ['Say which queue to redrive, like jobs.escrow-held', 'whichQueue'],
  ['Say which queue to redrive', 'whichQueueShort'],
  ['Search by email or phone', 'searchBy'],
  ['Start and end times are required', 'timesRequired'],
  ['Statements can be at most 2000 characters', 'statementsTooLong'],
  ['The reason must be 500 characters or less', 'reasonTooLong'],
  ['Times must be HH:MM', 'timesFormat'],
  ['City must be Minneapolis or Detroit', 'city'],
  ['Hourly rate is required', 'rateRequired'],
  ['Only cancelling a job is supported (status: cancelled)', 'onlyCancel'],
  ['Please select a position', 'position'],
  ['Priority must be normal or urgent', 'priority'],
  ['Unknown cuisine type', 'unknownCuisine'],
  ['Unknown skill', 'unknownSkill'],
  ['Unknown status', 'unknownStatus'],
  ['Verification code sent', 'codeSent'],
  ['Phone verified successfully', 'phoneVerified'],
  ['Checkout complete. Waiting for the restaurant to check out.', 'checkoutWaitRestaurant'],
  ['Checkout complete. Waiting for the chef to check out.', 'checkoutWaitChef'],
  ['Shift completed by both sides. Payment is being released to the chef.', 'checkoutReleased'],
  ['Both sides reported the work was not completed. The restaurant will be refunded.', 'checkoutRefund'],
  [
    'The two checkouts disagree about the work, so the payment is held while the shift is reviewed.',
    'checkoutDisputed',
  ],
  // The policy's text when a started shift is cancelled (JOBS.SHIFT_STARTED), as the server words it in each language.
  ['The shift has started, so it can no longer be cancelled: check out instead.', 'cancelStarted'],
  ['El turno ya empezó, así que no se puede cancelar: completa el cierre del turno.', 'cancelStarted'],
  ['Your card was declined. Please check your card details or try a different card.', 'cardDeclined'],
  ['Your card has expired. Please use a different card.', 'cardExpired'],
  ['Your card has insufficient funds. Please use a different card.', 'insufficientFunds'],
];

/** The key (errors namespace, `texts.*`) of one of the spec's English sentences, with its values. */
export function serverTextKey(english: string): { key: string; values: Record<string, string> } | null {
  const text = english.trim();
  for (const [pattern, key] of SERVER_TEXTS) {
    if (typeof pattern === 'string') {
      if (pattern === text) return { key, values: {} };
    } else {
      const m = pattern.exec(text);
      if (m) return { key, values: { ...m.groups } };
    }
  }
  return null;
}

const isEnglish = () => (i18n.resolvedLanguage ?? i18n.language ?? 'en').startsWith('en');

/**
 * A sentence from the server (a success `message`, a validation text) in the reader's language: ours when it is
 * one of the spec's, else the server's own when the reader reads English, else `fallback`.
 */
export function serverText(english: string | null | undefined, fallback: string): string {
  if (!english) return fallback;
  const known = serverTextKey(english);
  if (known) return i18n.t(`errors:texts.${known.key}`, known.values);
  return isEnglish() ? english : fallback;
}

/**
 * The text for an error answer `{ error, code }`: one of the spec's sentences in the reader's language, else the
 * text of its code, else (a code the web does not know) the server's own `error`, else `fallback`.
 * A validation error whose sentence is not one of the spec's reads as the server wrote it in English and as the
 * code's general text in Spanish.
 */
export function apiErrorText(body: { error?: unknown; code?: unknown } | null | undefined, fallback: string) {
  const code = typeof body?.code === 'string' ? body.code : null;
  const error = typeof body?.error === 'string' && body.error ? body.error : null;
  if (error) {
    // zod's own messages come with the field in front ("hourly_rate: Too small...").
    const known = serverTextKey(error) ?? serverTextKey(error.replace(/^[\w.]+: /, ''));
    if (known) return i18n.t(`errors:texts.${known.key}`, known.values);
    if (code === 'VALIDATION.FAILED' && isEnglish()) return error;
  }
  if (code && i18n.exists(`errors:codes.${code}`)) return i18n.t(`errors:codes.${code}`);
  return error ?? fallback;
}

/** The spec's fallback text, "An error occurred.", in the reader's language. */
export function genericError(): string {
  return i18n.t('errors:generic');
}
