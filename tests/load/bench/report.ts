import { targets } from '../scenarios.js';
import { GROWTH_LIMIT, type Growth } from './growth';
import type { Row } from './run';

/** The run's results as the report reads them (bench.ts gathers them phase by phase). */
type Results = {
  run_id?: string;
  topology?: string;
  cpus?: number;
  node?: string;
  seconds_per_run?: number;
  startup?: {
    error?: string;
    secondStartToFirstPageMs: number;
    firstStartMs: number;
    peakMemoryBytes: number;
    memoryNote: string;
    firstStartPeakMemoryBytes?: number;
    firstStartTreePeakMemoryBytes?: number;
    firstStartProcesses?: string;
    firstStartBuiltWeb?: boolean;
  };
  web?: {
    error?: string;
    landing: { gzipBytes: number; files: number; rawBytes: number };
    landingBeforeInput?: { gzipBytes: number } | null;
    openings: { gzipBytes: number; files: number; screen: string };
  };
  real_mode_peak_memory_bytes?: number;
  seed?: Record<string, unknown>;
  seed_ms?: number;
  total_seconds?: number;
  growth?: Growth;
};

/** The table and the summary lines, on stdout. */
export function print(rows: Row[], results: Results) {
  const pad = (s: string, n: number) => (s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length));
  const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
  const num = (n: number | undefined | null, d = 1) =>
    n === undefined || n === null || Number.isNaN(n) ? '-' : n.toFixed(d);
  const lines = [
    '',
    `Brigade benchmark ${results.run_id}  (${results.topology === 'one' ? 'one product process' : 'gateway and services as separate processes'}, ${results.cpus} CPUs, ${results.node}, ${results.seconds_per_run} s per run, 50 connections for polls)`,
    '',
    `${pad('figure', 44)} ${lpad('req/s', 8)} ${lpad('p50 ms', 7)} ${lpad('p95 ms', 7)} ${lpad('p99 ms', 7)} ${lpad('errors', 6)} ${lpad('vs bare', 7)}  target`,
    '-'.repeat(120),
  ];
  for (const r of rows) {
    const f = r.figure;
    lines.push(
      `${pad(r.title, 44)} ${lpad(f && f.rps ? String(f.rps) : '-', 8)} ${lpad(num(f?.p50), 7)} ${lpad(num(f?.p95), 7)} ${lpad(num(f?.p99), 7)} ${lpad(String(f?.errors ?? '-'), 6)} ${lpad(r.vsBare === undefined || r.vsBare === null ? '' : `${(r.vsBare * 100).toFixed(1)}%`, 7)}  ${r.target}${r.met === null ? '' : r.met ? '  OK' : '  MISSED'}${r.note && (r.key.startsWith('mutual') || r.key.startsWith('escrow') || r.key.startsWith('openings_200') || /_200(_express)?$/.test(r.key)) ? `  ${r.note}` : ''}`,
    );
  }
  lines.push('-'.repeat(120));
  const s = results.startup;
  if (s && !s.error) {
    lines.push(
      `npm start -> first page (second start): ${(s.secondStartToFirstPageMs / 1000).toFixed(2)} s   target < ${targets.startToFirstPageMs / 1000} s  ${s.secondStartToFirstPageMs < targets.startToFirstPageMs ? 'OK' : 'MISSED'}   (first start with web build when missing and demo seeding: ${(s.firstStartMs / 1000).toFixed(1)} s)`,
    );
    lines.push(
      `embedded default peak memory: ${(s.peakMemoryBytes / 1048576).toFixed(0)} MB   target < 1024 MB  ${s.peakMemoryBytes < targets.embeddedPeakMemoryBytes ? 'OK' : 'MISSED'}   (${s.memoryNote})`,
    );
    if (s.firstStartPeakMemoryBytes)
      lines.push(
        `first start (fresh data folder) biggest process: ${(s.firstStartPeakMemoryBytes / 1048576).toFixed(0)} MB   target < ${targets.coldStartProcessPeakMemoryBytes / 1048576} MB  ${s.firstStartPeakMemoryBytes < targets.coldStartProcessPeakMemoryBytes ? 'OK' : 'MISSED'}   (${s.firstStartProcesses ?? ''})`,
      );
    if (s.firstStartTreePeakMemoryBytes)
      lines.push(
        `first start (fresh data folder) whole tree: ${(s.firstStartTreePeakMemoryBytes / 1048576).toFixed(0)} MB   target < ${targets.coldStartPeakMemoryBytes / 1048576} MB  ${s.firstStartTreePeakMemoryBytes < targets.coldStartPeakMemoryBytes ? 'OK' : 'MISSED'}   (summed resident memory at its peak; web app ${s.firstStartBuiltWeb ? 'built in it' : 'already built'})`,
      );
  } else if (s) lines.push(`npm start: not measured (${s.error})`);
  const w = results.web;
  if (w && !w.error) {
    lines.push(
      w.landingBeforeInput
        ? `landing page JavaScript: ${(w.landingBeforeInput.gzipBytes / 1024).toFixed(1)} KB gzipped until a first tap (the boot module, ADR 42)   target < 150 KB  ${w.landingBeforeInput.gzipBytes < targets.landingJsGzipBytes ? 'OK' : 'MISSED'}   (the app after it: ${(w.landing.gzipBytes / 1024).toFixed(1)} KB, ${w.landing.files} files, ${(w.landing.rawBytes / 1024).toFixed(0)} KB raw)`
        : `landing page JavaScript: ${(w.landing.gzipBytes / 1024).toFixed(1)} KB gzipped (${w.landing.files} files, ${(w.landing.rawBytes / 1024).toFixed(0)} KB raw)   target < 150 KB  ${w.landing.gzipBytes < targets.landingJsGzipBytes ? 'OK' : 'MISSED'}`,
    );
    lines.push(
      `chef openings page JavaScript: ${(w.openings.gzipBytes / 1024).toFixed(1)} KB gzipped (${w.openings.files} files; screen ${w.openings.screen})`,
    );
  } else if (w) lines.push(`web JavaScript: not measured (${w.error})`);
  if (results.real_mode_peak_memory_bytes)
    lines.push(
      `real-mode product (${results.topology === 'one' ? 'gateway + 5 services in one process' : 'gateway + 5 service processes, summed'}) peak memory: ${(results.real_mode_peak_memory_bytes / 1048576).toFixed(0)} MB`,
    );
  lines.push(
    `seeded: ${Object.entries(results.seed ?? {})
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')} in ${((results.seed_ms ?? 0) / 1000).toFixed(1)} s`,
  );
  if (results.growth) lines.push(...growthTable(results.growth));
  lines.push(`whole run ${results.total_seconds} s; written to tests/load/results/latest.json`, '');
  console.log(lines.join('\n'));
}

/** BENCH_SCALE's table: each growth figure's p99 at every scale, its ratio to 1x, and whether it stayed within 2x. */
function growthTable(g: Growth): string[] {
  const pad = (s: string, n: number) => (s.length >= n ? s.slice(0, n) : s + ' '.repeat(n - s.length));
  const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);
  const scales = g.scales.map(String);
  const largest = scales.at(-1)!;
  const lines = [
    '',
    `Growth (BENCH_SCALE): p99 ms at each scale of the seed (req/s), ratio to 1x; target: ${largest}x within ${GROWTH_LIMIT}x of 1x`,
    `${pad('figure', 40)} ${scales.map((s) => lpad(`${s}x`, 16)).join(' ')} ${scales
      .slice(1)
      .map((s) => lpad(`${s}x/1x`, 7))
      .join(' ')}  within ${GROWTH_LIMIT}x`,
  ];
  for (const f of g.figures) {
    const cell = (s: string) => {
      const x = f.figures[s];
      return lpad(x ? `${x.p99.toFixed(1)} (${x.rps})` : '-', 16);
    };
    lines.push(
      `${pad(f.title, 40)} ${scales.map(cell).join(' ')} ${scales
        .slice(1)
        .map((s) => lpad(f.ratio[s] === undefined ? '-' : f.ratio[s].toFixed(2), 7))
        .join(' ')}  ${f.within ? 'yes' : f.ratio[largest] === undefined ? 'no figure' : 'NO'}`,
    );
  }
  lines.push(
    `open shifts in the first chef's list: ${scales.map((s) => `${s}x ${g.openingsTotal[s] ?? '-'}`).join(', ')}; grown in ${scales
      .slice(1)
      .map((s) => `${s}x ${g.seeded[s]?.seconds ?? '-'} s`)
      .join(', ')} (the build row: 20 answers, one after each change, not a closed loop)`,
  );
  return lines;
}
