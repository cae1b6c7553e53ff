// What every poll measurement shares: the browser's Accept-Encoding, the rate-limit minute, a poll's row and
// the ETags of a list of targets.
import { scenarios, targets, type ScenarioName } from '../scenarios.js';
import { pool, sleep } from '../lib/api';
import type { Figure, Target } from '../lib/measure';
import type { Row } from './run';

/** What a browser sends as its Accept-Encoding (the rows "as browsers ask" and the bytes on the wire). */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';

/** Wait until the run cannot cross a minute boundary (the per-minute rate-limit window). */
export async function withinOneMinute(seconds: number) {
  const left = 60 - ((Date.now() / 1000) % 60);
  if (left < seconds + 3) await sleep(left * 1000 + 200);
}

/** A poll's row: its scenario's p99 and errors, and its share of the bare ceiling (200 vs bare 200, 304 vs bare 304). */
export function pollRow(
  key: string,
  name: ScenarioName,
  variant: string,
  figure: Figure,
  vsBare?: number | null,
  target?: string,
): Row {
  const t = scenarios[name].thresholds;
  const latencyOk = figure.p99 < t.p99Ms && figure.errors === 0;
  // Every poll's 304s and 200s against the bare server (issue 41; a list shared by every chef to issue 22's 200
  // share); chef search is held to its p99 only.
  const ratioTarget = key.endsWith('_304')
    ? targets.polls304VsBare
    : key.endsWith('_200')
      ? scenarios[name].shared
        ? targets.sharedPolls200VsBare
        : targets.polls200VsBare
      : null;
  const ratioOk = ratioTarget === null || (vsBare ?? 0) >= ratioTarget;
  return {
    key,
    title: `${scenarios[name].title} ${variant}`,
    figure,
    vsBare,
    target:
      target ??
      `p99<${t.p99Ms} ms, 0 errors${ratioTarget !== null ? `, >=${Math.round(ratioTarget * 100)}% of bare` : ''}`,
    met: latencyOk && ratioOk,
  };
}

/** Each target with the ETag its first answer carries, as a client that polled once revalidates. */
export const etaggedAt = async (origin: string, list: Target[]) =>
  pool(list, 10, async (t) => {
    const r = await fetch(`${origin}${t.path}`, { headers: t.headers });
    const text = await r.text();
    const etag = r.headers.get('etag');
    if (r.status !== 200 || !etag)
      throw new Error(`no ETag for ${t.path}: ${r.status} ${text.slice(0, 200)}`);
    return { path: t.path, headers: { ...t.headers, 'if-none-match': etag } };
  });

/** The openings poll's first answer, as a chef gets it: what the bare server answers with. */
export interface Openings {
  path: string;
  body: string;
  /** Shifts listed. */
  shown: number;
  headers: Record<string, string>;
  etag: string;
}
