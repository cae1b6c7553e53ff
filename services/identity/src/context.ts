import type { Database, Logger, Mailer, OutboxRelay, SessionRevocations } from '@brigade/kit';
import type { IdentityConfig } from './config';
import type { KeyRing } from './keys';
import type { PhoneVerifier } from './adapters/verify';
import type { ChefSearchAnswers } from './queries/chef-search-answers';
import type { AfterAnswer } from './after-answer';
import type { FileStore } from './adapters/file-store';

/** What the use cases work with; built once in app.ts. */
export interface IdentityContext {
  database: Database;
  relay: OutboxRelay;
  keyRing: KeyRing;
  config: IdentityConfig;
  verifier: PhoneVerifier;
  logger: Logger;
  /** Where ended sessions are announced (and checked by identity's own routes). */
  revocations: SessionRevocations;
  /** Chef search answers kept at the current chef search version (ADR 16); null when turned off. */
  chefSearchAnswers: ChefSearchAnswers | null;
  /** Work started after the answer went out (a password reset's text); `stop` waits for it. */
  afterAnswer: AfterAnswer;
  /** The clock (injected so tests can move it: a credential's expiry day, its notice). */
  now: () => Date;
  /** Where credentials' files are kept (issue 39): disk under the data folder, or an S3-compatible bucket. */
  files: FileStore;
  /** The HMAC key of the disk store's signed file URLs (the same on every instance). */
  fileUrlKey: Buffer;
  /** Issue 40: the SMTP mailer (SMTP_URL), or null: verification mails wait until SMTP_URL is set. */
  mailer: Mailer | null;
  /** The HMAC key of email verification links' tokens (the same on every instance). */
  emailTokenKey: Buffer;
  /** Wake the email loop after a commit that kept a verification link. */
  kickEmail: () => void;
}

/**
 * What the operator use cases work with (issue 33): `npm run operator` builds it from identity's database and
 * the shared revocations, without the rest of the service.
 */
export type OperatorsContext = Pick<IdentityContext, 'database' | 'revocations' | 'logger'> & {
  config: Pick<IdentityConfig, 'ACCESS_TOKEN_TTL_SECONDS' | 'ARGON2_MEMORY_KIB'>;
};
