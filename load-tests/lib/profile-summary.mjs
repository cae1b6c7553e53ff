// Where a --cpu-prof profile spends its time: self time by package (or our own folder) and the top functions.
//   node load-tests/lib/profile-summary.mjs load-tests/results/CPU.*.cpuprofile
import { readFileSync } from 'node:fs';

const profile = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++)
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (dt[i] ?? 0));
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
