import {
  CREDENTIAL_FILE_MAX_BYTES,
  CREDENTIAL_TYPES,
  credentialTimeZone,
  localDate,
  type CredentialType,
} from '@brigade/contracts';

// Issue 39: the Credentials form's own checks, before anything is sent (the server checks the same and the file's
// bytes): a type, an expiry date after today in the chef's city, a photo or a PDF of at most 5 MB.

export interface CredentialDraft {
  type: CredentialType | '';
  number: string;
  issuer: string;
  expires_on: string;
  file: File | null;
}

export const EMPTY_DRAFT: CredentialDraft = { type: '', number: '', issuer: '', expires_on: '', file: null };

/** Today in the chef's city (the day a credential's date is compared with), YYYY-MM-DD. */
export function todayFor(city: string | null | undefined, now = new Date()): string {
  return localDate(now, credentialTimeZone(city));
}

/** The first problem of the draft, as a key of the credentials texts (`errors.*`); null when it may be sent. */
export function draftProblem(draft: CredentialDraft, today: string): string | null {
  if (!draft.type || !(CREDENTIAL_TYPES as readonly string[]).includes(draft.type)) return 'errors.type';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.expires_on)) return 'errors.date';
  if (draft.expires_on <= today) return 'errors.pastDate';
  if (!draft.file) return 'errors.file';
  if (draft.file.size > CREDENTIAL_FILE_MAX_BYTES) return 'errors.fileTooLarge';
  // the browser's guess of the type (the server reads the bytes); an empty guess is left to the server
  if (draft.file.type && !/^image\/|^application\/pdf$/.test(draft.file.type)) return 'errors.fileType';
  return null;
}

/** The multipart form POST /credentials takes. */
export function formOf(draft: CredentialDraft): FormData {
  const form = new FormData();
  form.set('type', draft.type);
  if (draft.number.trim()) form.set('number', draft.number.trim());
  if (draft.issuer.trim()) form.set('issuer', draft.issuer.trim());
  form.set('expires_on', draft.expires_on);
  if (draft.file) form.set('file', draft.file, draft.file.name);
  return form;
}
