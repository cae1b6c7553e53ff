import { z } from 'zod';
import type { RouteDoc } from '../common';
import {
  CREDENTIAL_FILE_MAX_BYTES,
  CREDENTIAL_FILE_TYPES,
  CREDENTIAL_STATUSES,
  CREDENTIAL_TYPES,
} from '../credentials';

// Issue 39: a chef's credentials (a food-handler card and the like), checked by an operator before they count.
// The names here are the contracts: paths, fields, statuses, codes. Identity answers every route; the
// files are kept by identity (disk under the data folder, or an S3-compatible store) and read only through
// signed URLs that last 5 minutes, given to the credential's chef and to operators.

export const CredentialType = z.enum(CREDENTIAL_TYPES, { error: 'Unknown credential type' });
export const CredentialStatus = z.enum(CREDENTIAL_STATUSES);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date, YYYY-MM-DD: the credential counts until that day begins in the chef's city. */
export const ExpiryDate = z
  .string({ error: 'Give the expiry date (YYYY-MM-DD)' })
  .trim()
  .max(10, 'The expiry date must be a date like 2027-06-30')
  .regex(DAY, 'The expiry date must be a date like 2027-06-30')
  .refine((v) => {
    const d = new Date(`${v}T12:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'The expiry date must be a date like 2027-06-30')
  .meta({ example: '2027-06-30' });

/** An optional short text of the form ('' reads as absent). */
const FormText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : null));

/**
 * `POST /credentials` as multipart: these fields and `file`. An unknown `type` is 400 IDENTITY.CREDENTIAL_TYPE, an
 * `expires_on` today or earlier (in the chef's city) 400 IDENTITY.CREDENTIAL_EXPIRED_DATE; nothing is stored.
 */
export const CredentialForm = z
  .object({
    type: CredentialType,
    /** the card's or certificate's number, as printed */
    number: FormText(64, 'The number can be at most 64 characters'),
    /** who issued it (a county, ServSafe...) */
    issuer: FormText(120, 'The issuer can be at most 120 characters'),
    expires_on: ExpiryDate,
  })
  .meta({ id: 'CredentialForm' });
export type CredentialForm = z.infer<typeof CredentialForm>;

/** The form as the document describes it: the fields and the file. */
export const CredentialUpload = CredentialForm.extend({
  /** an image (a photo of the card) or a PDF, at most 5 MB; its type is read from its bytes */
  file: z
    .string()
    .max(CREDENTIAL_FILE_MAX_BYTES)
    .meta({ format: 'binary', description: `One of ${CREDENTIAL_FILE_TYPES.join(', ')}; at most 5 MB` }),
}).meta({ id: 'CredentialUpload' });

/** One of the chef's credentials as they (and operators) read it. */
export const Credential = z
  .object({
    id: z.string().uuid(),
    type: CredentialType,
    number: z.string().nullable(),
    issuer: z.string().nullable(),
    /** YYYY-MM-DD */
    expires_on: z.string(),
    status: CredentialStatus,
    /** the file, through a URL signed for 5 minutes (CREDENTIAL_FILE_URL_SECONDS); read it again for a new one */
    file_url: z.string(),
    /** the file's type, read from its bytes */
    file_type: z.enum(CREDENTIAL_FILE_TYPES),
    /** why it was rejected or revoked (the operator's words); null otherwise */
    reason: z.string().nullable(),
    created_at: z.string(),
    /** when an operator verified, rejected or revoked it (the latest); null while pending */
    decided_at: z.string().nullable(),
  })
  .meta({ id: 'Credential' });
export type Credential = z.infer<typeof Credential>;

export const CredentialResponse = z.object({ credential: Credential }).meta({ id: 'CredentialResponse' });
export const CredentialsResponse = z
  .object({ credentials: z.array(Credential) })
  .meta({ id: 'CredentialsResponse' });

/** A credential in the operators' queue: with its chef. */
export const OpsCredential = Credential.extend({
  chef_id: z.string().uuid(),
  chef_name: z.string().nullable(),
  chef_email: z.string(),
}).meta({ id: 'OpsCredential' });
export type OpsCredential = z.infer<typeof OpsCredential>;

export const OpsCredentialResponse = z
  .object({ credential: OpsCredential })
  .meta({ id: 'OpsCredentialResponse' });
export const OpsCredentialsResponse = z
  .object({ credentials: z.array(OpsCredential) })
  .meta({ id: 'OpsCredentialsResponse' });

/** `GET /ops/credentials?status=pending` (the default): pending ones oldest first, the others newest first. */
export const OpsCredentialsQuery = z.object({
  status: z
    .enum(CREDENTIAL_STATUSES, {
      error: 'status must be pending, verified, rejected, revoked or expired',
    })
    .optional(),
});

const Reason = z
  .string({ error: 'Please give a reason' })
  .trim()
  .min(1, 'Please give a reason')
  .max(500, 'The reason must be 500 characters or less');

/** `POST /ops/credentials/{id}/reject` and `/revoke`: why, in words the chef is texted. */
export const CredentialReasonBody = z.object({ reason: Reason }).meta({ id: 'CredentialReasonBody' });

// ---------- the routes ----------

export const credentialRoutes: Array<RouteDoc & { service: string }> = [
  {
    method: 'post',
    path: '/credentials',
    summary:
      'Add a credential: multipart { type, number?, issuer?, expires_on, file } (an image or a PDF, at most 5 MB, its type read from its bytes); pending until an operator checks it',
    auth: 'chef',
    body: CredentialUpload,
    bodyType: 'multipart',
    response: CredentialResponse,
    status: 201,
    service: 'identity',
  },
  {
    method: 'get',
    path: '/credentials',
    summary:
      "The chef's own credentials, newest first, each with its status and its file through a URL signed for 5 minutes",
    auth: 'chef',
    response: CredentialsResponse,
    service: 'identity',
  },
  {
    method: 'get',
    path: '/credential-files/{fileToken}',
    summary:
      "A credential's file, through the signed URL an answer gave its chef or an operator (5 minutes; the embedded file store)",
    auth: 'public',
    fileTypes: [...CREDENTIAL_FILE_TYPES],
    service: 'identity',
  },
  {
    method: 'get',
    path: '/ops/credentials',
    summary:
      'The credentials queue: by status (pending by default, oldest first), each with its chef and its file through a signed URL',
    auth: 'operator',
    query: OpsCredentialsQuery,
    response: OpsCredentialsResponse,
    service: 'identity',
  },
  {
    method: 'post',
    path: '/ops/credentials/{id}/verify',
    summary:
      'Verify a pending credential after reading its file: it counts from now; the chef is texted; audited',
    auth: 'operator',
    response: OpsCredentialResponse,
    service: 'identity',
  },
  {
    method: 'post',
    path: '/ops/credentials/{id}/reject',
    summary: 'Reject a pending credential, with a reason the chef is texted; audited',
    auth: 'operator',
    body: CredentialReasonBody,
    response: OpsCredentialResponse,
    service: 'identity',
  },
  {
    method: 'post',
    path: '/ops/credentials/{id}/revoke',
    summary:
      'Revoke a verified credential, with a reason the chef is texted: it stops counting at once; audited',
    auth: 'operator',
    body: CredentialReasonBody,
    response: OpsCredentialResponse,
    service: 'identity',
  },
];
