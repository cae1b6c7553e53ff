// Every environment variable Brigade reads, from the schemas that read it: the config schema of each
// deployable, the money rules' POLICY_ENV, and the few the embedded runner reads itself.
import { POLICY_ENV } from '@brigade/contracts';
import { baseConfigSchema } from '@brigade/kit';
import { gatewayConfigSchema } from '../../gateway/src/config';
import { identityConfigSchema } from '../../services/identity/src/config';
import { jobsConfigSchema } from '../../services/jobs/src/config';
import { messagingConfigSchema } from '../../services/messaging/src/config';
import { notificationsConfigSchema } from '../../services/notifications/src/config';
import { paymentsConfigSchema } from '../../services/payments/src/config';
import { smsSandboxConfigSchema } from '../../sandboxes/sms/src/config';
import { mailSandboxConfigSchema } from '../../sandboxes/mail/src/config';
import { pushSandboxConfigSchema } from '../../sandboxes/push/src/config';
import { stripeSandboxConfigSchema } from '../../sandboxes/stripe/src/config';
import { readFileSync } from 'node:fs';
import type { z } from 'zod';

/** A zod object, or one wrapped in refinements (superRefine keeps the object as the pipe's input). */
type AnySchema = z.ZodType;

/** Who reads a schema, as the table's "Used by" column names it. */
export const SCHEMAS: ReadonlyArray<{ owner: string; schema: AnySchema }> = [
  { owner: 'gateway', schema: gatewayConfigSchema },
  { owner: 'identity', schema: identityConfigSchema },
  { owner: 'jobs', schema: jobsConfigSchema },
  { owner: 'payments', schema: paymentsConfigSchema },
  { owner: 'messaging', schema: messagingConfigSchema },
  { owner: 'notifications', schema: notificationsConfigSchema },
  { owner: 'sms-sandbox', schema: smsSandboxConfigSchema },
  { owner: 'mail-sandbox', schema: mailSandboxConfigSchema },
  { owner: 'push-sandbox', schema: pushSandboxConfigSchema },
  { owner: 'stripe-sandbox', schema: stripeSandboxConfigSchema },
];

export const BASE_SCHEMA: AnySchema = baseConfigSchema;
export const POLICY_DEFAULTS: Readonly<Record<string, string>> = POLICY_ENV;

/** The services whose config loads the money rules (their POLICY_ENV variables), read from each config's source. */
export const POLICY_READERS: readonly string[] = [
  'identity',
  'jobs',
  'payments',
  'messaging',
  'notifications',
].filter((name) =>
  readFileSync(new URL(`../../services/${name}/src/config.ts`, import.meta.url), 'utf8').includes(
    'loadPolicy(',
  ),
);

/** Variables read outside a config schema: by the embedded runner (`npm start`), kit's outbox and database, and tools. */
export const RUNNER_SETTINGS: Readonly<Record<string, { usedBy: string; default: string | undefined }>> = {
  OUTBOX_RETENTION_DAYS: { usedBy: 'services', default: '90' },
  BRIGADE_DATA_DIR: { usedBy: '`npm start`, `ledger:check`', default: '.data/pglite' },
  BRIGADE_SEED: { usedBy: '`npm start`', default: '1' },
  BRIGADE_BUILD_WEB: { usedBy: '`npm start`', default: '1' },
  BRIGADE_START_BUNDLE: { usedBy: '`npm start`', default: '1' },
  PUSH_SANDBOX: { usedBy: '`npm start`', default: undefined },
  BRIGADE_SEED_STOP_AFTER: { usedBy: '`npm start` (tests only)', default: undefined },
};
