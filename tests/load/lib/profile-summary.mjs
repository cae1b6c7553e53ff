// Where a --cpu-prof profile spends its time: self time by package (or our own folder) and the top functions.
//   node tests/load/lib/profile-summary.mjs tests/load/results/CPU.*.cpuprofile
//   node tests/load/lib/profile-summary.mjs FILE --timeline         busy (non-idle) share per second
//   node tests/load/lib/profile-summary.mjs FILE --window=40-45     only seconds 40 to 45 of the profile
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const profile = JSON.parse(
  readFileSync(
    args.find((a) => !a.startsWith('--')),
    'utf8',
  ),
);
const windowArg = args.find((a) => a.startsWith('--window='));
const [fromS, toS] = windowArg ? windowArg.slice(9).split('-').map(Number) : [0, Infinity];
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const idleIds = new Set(profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id));
const self = new Map();
const dt = profile.timeDeltas;
const perSecond = [];
let at = 0;
for (let i = 0; i < profile.samples.length; i++) {
  at += dt[i] ?? 0;
  const second = Math.floor(at / 1e6);
  if (!idleIds.has(profile.samples[i])) perSecond[second] = (perSecond[second] ?? 0) + (dt[i] ?? 0);
  if (second < fromS || second >= toS) continue;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
}
if (args.includes('--timeline')) {
  console.log(
    Array.from(
      perSecond,
      (v, s) => `${String(s).padStart(4)} s ${'#'.repeat(Math.round((v ?? 0) / 2e4))}`,
    ).join('\n'),
  );
  process.exit(0);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const bucket = (url) => {
  if (!url) return '(native/gc/idle)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  const ours = /\/(kit|gateway|services\/[^/]+|contracts|scripts|load-tests)\//.exec(url);
  if (ours) return ours[1];
  if (url.startsWith('node:')) return url;
  return url.split('/').slice(-2).join('/');
};
const packages = new Map();
const functions = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const b = cf.functionName === '(idle)' ? '(idle)' : bucket(cf.url);
  packages.set(b, (packages.get(b) ?? 0) + t);
  const f = `${cf.functionName || '(anonymous)'} ${bucket(cf.url)}:${cf.lineNumber + 1}`;
  functions.set(f, (functions.get(f) ?? 0) + t);
}
const top = (m, n) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
console.log(
  `total ${(total / 1e6).toFixed(1)} s sampled\n\nself time by package:\n${top(packages, 25).join('\n')}\n\ntop functions:\n${top(functions, 30).join('\n')}`,
);
