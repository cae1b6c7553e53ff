import { existsSync } from 'node:fs';
import zlib, { brotliCompressSync, gzipSync } from 'node:zlib';
import { cannon, type Figure } from '../lib/measure';
import { NGINX, startNginx } from '../lib/nginx';
import { wireBytes } from '../lib/wire';
import { BROWSER_ACCEPT_ENCODING, etaggedAt, type Openings } from './poll-rows';
import { auth, type BenchRun } from './run';
import { log, SECONDS } from './settings';

/**
 * The openings poll's diagnostics beside its rates: its bytes on the wire (plain, gzip, br, 304) and what
 * compressing once costs, the same poll straight to jobs, and through Debian's nginx when it is installed.
 */
export async function measureOpeningsWire(
  run: BenchRun,
  openings: Openings,
  bare200: Figure,
  bare304: Figure,
) {
  const { product, rows } = run;
  const chefs = run.accounts.chefs;
  const { path: openingsPath, body, etag } = openings;
  // Bytes on the wire per poll (status line, headers, body), plain and compressed, and what compressing
  // the body once per list version costs.
  const wire = async (extra: Record<string, string>) =>
    wireBytes(product.url, openingsPath, { ...auth(chefs[0]), ...extra });
  // As a phone gets it between changes: the list's body kept by the gateway and compressed. Right after its
  // stamps lapse (nothing asked jobs during the runs above), the first poll goes through to jobs and the next
  // few are answered uncompressed until the copies are made (well under a millisecond, off the event loop).
  for (let i = 0; i < 20 && (await wire({ 'accept-encoding': 'gzip, br' })).encoding !== 'br'; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const plainBytes = await wire({});
  const gzipBytes = await wire({ 'accept-encoding': 'gzip' });
  const brBytes = await wire({ 'accept-encoding': BROWSER_ACCEPT_ENCODING });
  const notModified = await wire({ 'if-none-match': etag });
  const bodyBuffer = Buffer.from(body);
  const timeIt = (f: () => unknown) => {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = process.hrtime.bigint();
      f();
      times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return times.sort((a, b) => a - b)[10];
  };
  const gzipMs = timeIt(() => gzipSync(bodyBuffer, { level: 6 }));
  const brMs = timeIt(() =>
    brotliCompressSync(bodyBuffer, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
  );
  const pct = (n: number) => `${((n / plainBytes.bytes) * 100).toFixed(0)}%`;
  const bytesText = `plain ${plainBytes.bytes} B; gzip ${gzipBytes.bytes} B (${pct(gzipBytes.bytes)}${gzipBytes.encoding === 'gzip' ? '' : ', NOT compressed'}); br ${brBytes.bytes} B (${pct(brBytes.bytes)}${brBytes.encoding === 'br' ? '' : ', NOT compressed'}); 304 ${notModified.bytes} B; compressing once per version: gzip ${gzipMs.toFixed(2)} ms, br ${brMs.toFixed(2)} ms`;
  rows.push({
    key: 'openings_bytes',
    title: 'Openings poll, bytes on the wire',
    figure: null,
    target: bytesText,
    met: null,
    note: bytesText,
  });
  run.results.openings_wire = {
    plain: plainBytes.bytes,
    gzip: gzipBytes.bytes,
    br: brBytes.bytes,
    not_modified: notModified.bytes,
    gzip_ms: gzipMs,
    br_ms: brMs,
  };
  log(`openings bytes on the wire: ${bytesText}`);
  if (product.services.jobs) {
    // Diagnostic: the same poll straight to the jobs service (its own token check, no gateway hop).
    const direct = chefs.map((c) => ({ path: openingsPath.replace(/^\/api/, ''), headers: auth(c) }));
    const d200 = await cannon(product.services.jobs, direct, {
      connections: 50,
      seconds: SECONDS,
      expect: 200,
    });
    rows.push({
      key: 'openings_200_direct',
      title: 'Openings 200 direct to jobs (no gateway)',
      figure: d200,
      vsBare: d200.rps / bare200.rps,
      target: 'diagnostic',
      met: null,
    });
    log(`openings direct to jobs: 200 ${d200.rps}/s p99 ${d200.p99} ms`);

    // What a platform team would put in front of jobs instead: Debian's nginx, keep-alive upstream.
    if (existsSync(NGINX)) {
      const nginx = await startNginx(product.services.jobs);
      try {
        const viaNginx = chefs.map((c) => ({ path: openingsPath, headers: auth(c) }));
        const n200 = await cannon(nginx.origin, viaNginx, {
          connections: 50,
          seconds: SECONDS,
          expect: 200,
        });
        const n304 = await cannon(nginx.origin, await etaggedAt(nginx.origin, viaNginx), {
          connections: 50,
          seconds: SECONDS,
          expect: 304,
        });
        for (const [variant, f, ceiling] of [
          ['200', n200, bare200],
          ['304', n304, bare304],
        ] as const)
          rows.push({
            key: `openings_${variant}_nginx`,
            title: `Openings ${variant} via nginx -> jobs`,
            figure: f,
            vsBare: f.rps / ceiling.rps,
            target: 'comparison',
            met: null,
          });
        log(`openings via nginx: 200 ${n200.rps}/s p99 ${n200.p99} ms; 304 ${n304.rps}/s p99 ${n304.p99} ms`);
      } finally {
        await nginx.stop();
      }
    } else log(`nginx row skipped: no ${NGINX}`);
  }
}
