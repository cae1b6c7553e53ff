import { allRoutes } from '@brigade/contracts/openapi';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A readable, self-contained API page (no CDN: the product runs offline). The full schema is /api/openapi.json. */
export function docsPage(): string {
  const rows = allRoutes()
    .map(
      (r) =>
        `<tr><td><code class="m ${r.method}">${r.method.toUpperCase()}</code></td><td><code>/api${escape(r.path)}</code></td><td>${escape(r.summary)}</td><td>${r.auth}</td><td>${r.service}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Brigade API</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1d232a}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde;padding:.4rem;text-align:left;vertical-align:top}
code{font-size:13px}.m{font-weight:700}.get{color:#05668d}.post{color:#1b7f3b}.put,.patch{color:#8a5a00}.delete{color:#a4161a}
</style></head><body><h1>Brigade API</h1>
<p>All paths are under <code>/api</code>. Send <code>Authorization: Bearer &lt;access_token&gt;</code> except on public routes.
Errors are JSON <code>{ "error": "...", "code": "SERVICE.REASON" }</code>. Machine-readable schema: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3).</p>
<table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Who</th><th>Service</th></tr></thead><tbody>
${rows}
</tbody></table></body></html>`;
}

export interface SandboxSms {
  to: string;
  body: string;
  sent_at: string;
}

/** The dev page of the SMS sandbox: every text Brigade would have sent, newest first (refreshes itself). */
export function smsPage(messages: SandboxSms[]): string {
  const rows = messages
    .map(
      (m) =>
        `<tr><td>${escape(new Date(m.sent_at).toLocaleString('en-US'))}</td><td><code>${escape(m.to)}</code></td><td>${escape(m.body)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Brigade SMS sandbox</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:900px;padding:0 1rem;color:#1d232a}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde;padding:.4rem;text-align:left;vertical-align:top}
</style></head><body><h1>SMS sandbox</h1>
<p>No SMS provider is configured, so every text Brigade would send appears here (newest first, refreshed every 5 s),
verification codes included. JSON: <a href="/api/dev/sms">/api/dev/sms</a>.</p>
<table><thead><tr><th>Sent</th><th>To</th><th>Text</th></tr></thead><tbody>
${rows || '<tr><td colspan="3">Nothing sent yet.</td></tr>'}
</tbody></table></body></html>`;
}
