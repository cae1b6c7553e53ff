import { runSandbox } from '@brigade/kit';
import { createSmsSandbox, loadMigrations, SANDBOX_NAME } from './app';
import { loadSmsSandboxConfig } from './config';

// The SMS sandbox as its own process (docker compose's `sandbox` profile, the process stack of the hardening
// suites): Twilio's Verify and Messages APIs for identity's and notifications' SDKs, its database
// `<base>_sms_sandbox` on DATABASE_URL.
const config = loadSmsSandboxConfig();
await runSandbox({
  name: 'sms-sandbox',
  schema: SANDBOX_NAME,
  config,
  migrations: await loadMigrations(),
  build: (deps) => createSmsSandbox(deps, config),
});
