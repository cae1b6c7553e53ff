import { runSandbox } from '@brigade/kit';
import { createStripeSandbox, loadMigrations, SANDBOX_NAME } from './app';
import { loadStripeSandboxConfig } from './config';

// The Stripe sandbox as its own process (docker compose's `sandbox` profile, the process stack of the
// hardening suites): its database `<base>_stripe_sandbox` on DATABASE_URL, webhooks to STRIPE_SANDBOX_WEBHOOK_URL.
const config = loadStripeSandboxConfig();
await runSandbox({
  name: 'stripe-sandbox',
  schema: SANDBOX_NAME,
  config,
  migrations: await loadMigrations(),
  build: async (deps) => {
    const sandbox = await createStripeSandbox(deps, config);
    return { app: sandbox.app, start: () => sandbox.start(), stop: () => sandbox.stop() };
  },
});
