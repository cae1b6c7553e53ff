import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@brigade/kit';

export const mailSandboxConfigSchema = baseConfigSchema.extend({
  /** The HTTP app: the outbox (`/sandbox/mail/outbox`) and `/ready`. */
  PORT: z.coerce.number().int().min(0).max(65535).default(4012),
  /** The SMTP server's port (no authentication, no TLS); 0 takes a free one (the embedded default, tests). */
  MAIL_SANDBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The largest mail it takes, in bytes (SMTP's SIZE); a bigger one is refused with 552. */
  MAIL_SANDBOX_MAX_BYTES: z.coerce.number().int().min(1024).max(50_000_000).default(5_000_000),
});
export type MailSandboxConfig = Readonly<z.infer<typeof mailSandboxConfigSchema>>;

export function loadMailSandboxConfig(env: NodeJS.ProcessEnv = process.env): MailSandboxConfig {
  return loadConfig(mailSandboxConfigSchema, env);
}
