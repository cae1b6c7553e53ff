// The commit habit (docs/conventions.md), checked by `npm run lint`: every commit after BASELINE has a subject of
// at most 72 characters, then a blank line and a body (what changed and why, the figures). Merge commits need
// only the subject. Commits before the habit was checked are left as they are.
import { execFileSync } from 'node:child_process';

/** The last commit before this check existed: everything after it is checked. */
const BASELINE = '6f6a6b59d8a5c03d180d9894fba247a622bc2f53';
const SUBJECT_MAX = 72;

const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The problems of one commit message, in words (none: it follows the habit). */
export function messageProblems(message: string, { merge = false } = {}): string[] {
  const lines = message.replace(/\s+$/, '').split('\n');
  const subject = lines[0] ?? '';
  const problems: string[] = [];
  if (!subject.trim()) problems.push('the subject is empty');
  if (subject.length > SUBJECT_MAX)
    problems.push(`the subject has ${subject.length} characters (at most ${SUBJECT_MAX})`);
  if (lines.length > 1 && lines[1].trim() !== '')
    problems.push('the subject is not followed by a blank line');
  const body = lines.slice(1).join('\n').trim();
  if (!merge && !body) problems.push('there is no body (say what changed and why, with the figures)');
  return problems;
}

function main(): number {
  try {
    git('rev-parse', '--git-dir');
  } catch {
    console.log('check-commits: not a git checkout, nothing to check');
    return 0;
  }
  // A shallow clone may not reach the baseline: then every commit it holds is newer than the baseline.
  let range = `${BASELINE}..HEAD`;
  try {
    git('cat-file', '-e', `${BASELINE}^{commit}`);
  } catch {
    range = 'HEAD';
  }
  const log = git('log', '--format=%H%x1f%P%x1f%B%x1e', range);
  const failures: string[] = [];
  let checked = 0;
  for (const record of log.split('\x1e')) {
    if (!record.trim()) continue;
    const [hash = '', parents = '', message = ''] = record.replace(/^\n/, '').split('\x1f');
    checked += 1;
    const problems = messageProblems(message, { merge: parents.trim().split(' ').length > 1 });
    if (problems.length)
      failures.push(`${hash.slice(0, 10)} "${message.split('\n')[0]}": ${problems.join('; ')}`);
  }
  if (failures.length) {
    console.error(
      `check-commits: ${failures.length} of ${checked} commits do not follow docs/conventions.md:`,
    );
    for (const f of failures) console.error(`  ${f}`);
    return 1;
  }
  console.log(`check-commits: ${checked} commits follow the habit`);
  return 0;
}

if (process.argv[1]?.endsWith('check-commits.ts')) process.exit(main());
