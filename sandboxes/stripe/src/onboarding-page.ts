import type { StripeObject } from './store';

const escape = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The sandbox stand-in for Stripe's hosted Connect onboarding: one button completes the account. Its content is one
 * `main` landmark (axe: landmark-one-main, region), as every page a person reaches through Brigade.
 */
export function onboardingPage(
  view: { state: 'form'; account: StripeObject; action: string } | { state: 'invalid' },
): string {
  const body =
    view.state === 'invalid'
      ? `<h1>This onboarding link is not valid</h1><p>Go back to Brigade and start payment setup again.</p>`
      : `<h1>Stripe sandbox: account onboarding</h1>
    <p>Test mode. No real identity or bank details are collected.</p>
    <dl>
      <dt>Account</dt><dd><code>${escape(view.account.id)}</code></dd>
      <dt>Email</dt><dd>${escape(view.account.email ?? '-')}</dd>
      <dt>Still due</dt><dd>${escape((view.account.requirements?.currently_due ?? []).join(', ') || 'nothing')}</dd>
    </dl>
    <form method="post" action="${escape(view.action)}">
      <button type="submit">Complete onboarding</button>
    </form>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stripe sandbox onboarding</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1f36}
dt{font-weight:600;margin-top:.5rem}dd{margin:0;word-break:break-word}button{margin-top:1.5rem;background:#635bff;color:#fff;border:0;border-radius:6px;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}
