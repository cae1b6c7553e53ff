import { runSandbox } from '@brigade/kit';
import { createMailSandbox, loadMigrations, SANDBOX_NAME } from './app';
import { loadMailSandboxConfig } from './config';

// The mail sandbox as its own process (docker compose's `sandbox` profile): its SMTP server on
// MAIL_SANDBOX_SMTP_PORT for the services' SMTP_URL, its outbox on PORT, its database `<base>_mail_sandbox` on
// DATABASE_URL.
const config = loadMailSandboxConfig();
await runSandbox({
  name: 'mail-sandbox',
  schema: SANDBOX_NAME,
  config,
  migrations: await loadMigrations(),
  build: (deps) => createMailSandbox(deps, config),
});
