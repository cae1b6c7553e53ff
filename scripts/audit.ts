// `npm run audit`: `npm audit --omit=dev` with a clear verdict. High or critical findings in production
// dependencies fail (exit 1). When the registry's advisory service cannot be reached (this network answers
// its POST with 405), it says so and exits 0, unless AUDIT_REQUIRED=1 (then 2): no verdict is not a pass.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
/** The parts of `npm audit --json` read here (an error answer carries `message` or `error.summary`). */
type AuditReport = {
  message?: string;
  error?: { summary?: string };
  metadata?: { vulnerabilities?: Record<'critical' | 'high' | 'moderate' | 'low', number | undefined> };
  vulnerabilities?: Record<string, { severity: string; range: string; via: unknown }>;
};
let report: AuditReport | null = null;
try {
  report = JSON.parse(run.stdout);
} catch {
  /* not JSON: the advisory service did not answer */
}
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const why: string = report?.message ?? report?.error?.summary ?? '';
  console.log(
    `npm audit: the advisory service could not be reached (${why.trim() || 'no answer'}); no verdict.`,
  );
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 2 : 0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit --omit=dev: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low`,
);
for (const [name, v] of Object.entries(report?.vulnerabilities ?? {}))
  if (v.severity === 'high' || v.severity === 'critical')
    console.log(
      `  ${v.severity}: ${name} ${v.range} (${([] as unknown[])
        .concat(v.via)
        .map((x) => (x as { title?: string }).title ?? x)
        .join('; ')})`,
    );
process.exit(serious > 0 ? 1 : 0);
