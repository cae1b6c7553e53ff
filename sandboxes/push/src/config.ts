import { z } from 'zod';
import { baseConfigSchema, loadConfig, optionalUrl } from '@brigade/kit';

export const pushSandboxConfigSchema = baseConfigSchema.extend({
  /** The push service (`POST /push/{id}`), its browser side and outbox (`/sandbox/push/...`), `/ready`. */
  PORT: z.coerce.number().int().min(0).max(65535).default(4013),
  /**
   * The address its subscriptions' endpoints carry (and VAPID tokens must name as `aud`), as the services reach
   * it: compose `http://push-sandbox:4013`. Unset: the address it listens at.
   */
  PUSH_SANDBOX_PUBLIC_URL: optionalUrl,
});
export type PushSandboxConfig = Readonly<z.infer<typeof pushSandboxConfigSchema>>;

export function loadPushSandboxConfig(env: NodeJS.ProcessEnv = process.env): PushSandboxConfig {
  return loadConfig(pushSandboxConfigSchema, env);
}
