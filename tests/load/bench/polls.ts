import { fillPath, scenarios, type ScenarioName } from '../scenarios.js';
import { cannon, WARMUP_SECONDS, type Figure, type Target } from '../lib/measure';
import { cpuSnapshot, cpuSplit, wireBytes } from '../lib/wire';
import { measureOpeningsWire } from './openings-wire';
import { BROWSER_ACCEPT_ENCODING, etaggedAt, pollRow, withinOneMinute, type Openings } from './poll-rows';
import { auth, type BenchRun } from './run';
import { measureSearch } from './search-polls';
import { log, POLLS, SECONDS } from './settings';
import { startBare } from './stack';

export async function captureOpenings(run: BenchRun): Promise<Openings> {
  const path = `/api${scenarios.openingsPoll.requests[0].path}`;
  const first = await fetch(`${run.product.url}${path}`, { headers: auth(run.accounts.chefs[0]) });
  const body = await first.text();
  const shown = (JSON.parse(body).jobs as unknown[]).length;
  const headers: Record<string, string> = {};
  first.headers.forEach((v, k) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(k)) headers[k] = v;
  });
  const etag = first.headers.get('etag') ?? '';
  return { path, body, shown, headers, etag };
}

/**
 * The polls: the bare server's ceiling (200 and 304), the openings poll through the gateway (and straight to
 * jobs, a diagnostic), then the applications, conversations, bell, inbox and thread polls (200 and 304) and chef
 * search.
 */
export async function measurePolls(run: BenchRun, openings: Openings): Promise<void> {
  const { product, accounts, seeded, rows } = run;
  const chefs = accounts.chefs;
  const { path: openingsPath, body, shown, headers, etag } = openings;
  const runTargets = (targetsList: Target[], expect: number, connections = 50) =>
    cannon(product.url, targetsList, { connections, seconds: SECONDS, expect });
  const etagged = (list: Target[]) => etaggedAt(product.url, list);
  const addPoll = (...args: Parameters<typeof pollRow>) => rows.push(pollRow(...args));

  // ---- the openings poll and the bare server answering the same bytes ----
  const bareServer = await startBare({ etag, headers, body });
  let bare200: Figure;
  let bare304: Figure;
  try {
    log(
      `openings poll: ${shown} shifts, ${Buffer.byteLength(body)} bytes, ${Object.keys(headers).length} headers; bare server at ${bareServer.origin}`,
    );
    const bareTargets = [{ path: openingsPath, headers: auth(chefs[0]) }];
    // The ceiling is the better of two runs of each: a run disturbed by anything else on the machine would
    // flatter every ratio.
    const best = (a: Figure, b: Figure) => (a.rps >= b.rps ? a : b);
    const bareRun = (expect: 200 | 304) =>
      cannon(
        bareServer.origin,
        expect === 200
          ? bareTargets
          : [{ path: openingsPath, headers: { ...auth(chefs[0]), 'if-none-match': etag } }],
        { connections: 50, seconds: SECONDS, expect },
      );
    bare200 = best(await bareRun(200), await bareRun(200));
    bare304 = best(await bareRun(304), await bareRun(304));
  } finally {
    bareServer.child.kill();
  }
  rows.push({
    key: 'bare_200',
    title: 'Bare node:http, openings bytes 200',
    figure: bare200,
    target: 'ceiling',
    met: null,
  });
  rows.push({
    key: 'bare_304',
    title: 'Bare node:http, openings bytes 304',
    figure: bare304,
    target: 'ceiling',
    met: null,
  });
  log(`bare: 200 ${bare200.rps}/s, 304 ${bare304.rps}/s`);

  const openingsTargets = chefs.map((c) => ({ path: openingsPath, headers: auth(c) }));
  // The gateway's CPU per answer, from its process's CPU time around the run (ms per 1,000 answers).
  // With the whole machine's split (ms per 1,000 answers by process) for a run through the product's gateway.
  const withCpu = async (
    run: () => Promise<Figure>,
    pid = product.gatewayPid(),
  ): Promise<Figure & { cpuMsPer1000?: number; split?: Record<string, number> }> => {
    const before = await cpuSnapshot();
    const figure = await run();
    const after = await cpuSnapshot();
    // the warm-up is in the CPU time too: count its requests at the run's rate
    const answered = figure.requests + figure.rps * WARMUP_SECONDS;
    // `pid` first: in the one-process topology the gateway is the product's one process
    const named = { gateway: [pid], ...(pid === product.gatewayPid() ? product.pidsByName() : {}) };
    const split = cpuSplit(before, after, named, answered);
    return { ...figure, cpuMsPer1000: split.gateway ?? 0, split };
  };
  const splitNote = (f: { split?: Record<string, number> }) =>
    f.split
      ? `CPU ms per 1,000 answers: ${Object.entries(f.split)
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`
      : '';
  const cpuNote = (f: { cpuMsPer1000?: number }) =>
    f.cpuMsPer1000 === undefined ? '' : `gateway CPU ${f.cpuMsPer1000} ms per 1,000 answers`;
  const ownPath = openingsPath.replace('shared=1&', '');
  let own: (Figure & { cpuMsPer1000?: number }) | null = null;
  if (POLLS.has('openings')) {
    await withinOneMinute(SECONDS + 1);
    const o200 = await withCpu(() => runTargets(openingsTargets, 200));
    addPoll('openings_200', 'openingsPoll', '200', o200, o200.rps / bare200.rps);
    rows.at(-1)!.note = cpuNote(o200);
    await withinOneMinute(SECONDS + 3);
    const o304 = await runTargets(await etagged(openingsTargets), 304);
    addPoll('openings_304', 'openingsPoll', '304', o304, o304.rps / bare304.rps);
    log(`openings: 200 ${o200.rps}/s p99 ${o200.p99} ms; 304 ${o304.rps}/s p99 ${o304.p99} ms`);

    // The same 200s compressed (the gateway compressed the kept body once), and the change off: each chef's
    // own list (no shared=1: user_applied in it), which the gateway proxies to jobs every time.
    for (const encoding of ['gzip', 'br'] as const) {
      await withinOneMinute(SECONDS + 1);
      const f = await withCpu(() =>
        runTargets(
          chefs.map((c) => ({ path: openingsPath, headers: { ...auth(c), 'accept-encoding': encoding } })),
          200,
        ),
      );
      rows.push({
        key: `openings_200_${encoding}`,
        title: `Openings 200, ${encoding} (kept, compressed once)`,
        figure: f,
        vsBare: f.rps / bare200.rps,
        target: 'diagnostic',
        met: null,
        note: cpuNote(f),
      });
      log(`openings ${encoding}: 200 ${f.rps}/s p99 ${f.p99} ms; ${cpuNote(f)}`);
    }
    await withinOneMinute(SECONDS + 1);
    own = await withCpu(() =>
      runTargets(
        chefs.map((c) => ({ path: ownPath, headers: auth(c) })),
        200,
      ),
    );
    rows.push({
      key: 'openings_200_own',
      title: "Openings 200, each chef's own list (proxied)",
      figure: own,
      vsBare: own.rps / bare200.rps,
      target: 'diagnostic: shared body off',
      met: null,
      note: cpuNote(own),
    });
    log(`openings own list: 200 ${own.rps}/s p99 ${own.p99} ms; ${cpuNote(own)}`);

    await measureOpeningsWire(run, openings, bare200, bare304);
  }

  // The lean proxy path off (ADR 17): a second gateway process in front of the same services with
  // LEAN_PROXY=0, whose per-user 200s go through Express and http-proxy-middleware as before.
  const express = await product.startGateway({ LEAN_PROXY: '0' });
  const expressRun = (list: Target[]) =>
    express
      ? withCpu(
          () => cannon(express.url, list, { connections: 50, seconds: SECONDS, expect: 200 }),
          express.pid,
        )
      : null;
  const expressRow = (key: string, title: string, f: Figure & { cpuMsPer1000?: number }, on: Figure) => {
    rows.push({
      key,
      title,
      figure: f,
      vsBare: f.rps / bare200.rps,
      target: `diagnostic: lean path off (on: ${((on.rps / f.rps) * 100).toFixed(0)}% of this)`,
      met: null,
      note: cpuNote(f),
    });
    log(`${key}: ${f.rps}/s p99 ${f.p99} ms; ${cpuNote(f)}`);
  };
  const better = <F extends Figure>(a: F, b: F) => (a.rps >= b.rps ? a : b);
  // Each per-user poll: its 200 through the gateway (the lean path) and through the Express path (the second
  // gateway), alternated twice, the better run of each kept (other work on the machine would otherwise decide
  // the comparison); then straight to the service (no gateway: the service's own ceiling) and its 304.
  const pollRun = async (key: string, name: ScenarioName, targetsList: Target[], service: string) => {
    const sample = await fetch(`${product.url}${targetsList[0].path}`, { headers: targetsList[0].headers });
    const bytes = (await sample.arrayBuffer()).byteLength;
    const on = () => withCpu(() => runTargets(targetsList, 200));
    const first = await on();
    const offFirst = await expressRun(targetsList);
    const f200 = better(first, await on());
    const off = offFirst && better(offFirst, (await expressRun(targetsList))!);
    addPoll(`${key}_200`, name, '200', f200, f200.rps / bare200.rps);
    rows.at(-1)!.note = `${cpuNote(f200)}; body ${bytes} B`;
    log(`${key} 200: ${f200.rps}/s; ${splitNote(f200)}`);
    run.results[`${key}_200_cpu_split`] = f200.split;
    if (off) expressRow(`${key}_200_express`, `${scenarios[name].title} 200, Express path`, off, f200);
    // As a browser asks (`Accept-Encoding: gzip, deflate, br`): the gateway compresses each answer (brotli 1,
    // ADR 21). Its cost in CPU, and the bytes on the wire per answer, plain and compressed.
    const browser = targetsList.map((t) => ({
      ...t,
      headers: { ...t.headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    }));
    const fBr = await withCpu(() => runTargets(browser, 200));
    const onWire = async (accept?: string) =>
      wireBytes(product.url, targetsList[0].path, {
        ...(targetsList[0].headers as Record<string, string>),
        ...(accept ? { 'accept-encoding': accept } : {}),
      });
    const [plainWire, gzipWire, brWire] = [
      await onWire(),
      await onWire('gzip'),
      await onWire(BROWSER_ACCEPT_ENCODING),
    ];
    const encoded = (w: typeof brWire, want: string) =>
      `${w.bytes} B${w.encoding === want ? '' : bytes < 1024 ? ' (under 1 KB: sent as it is)' : ', NOT compressed'}`;
    const wireText = `bytes on the wire: plain ${plainWire.bytes} B, gzip ${encoded(gzipWire, 'gzip')}, br ${encoded(brWire, 'br')}`;
    rows.push({
      key: `${key}_200_br`,
      title: `${scenarios[name].title} 200, as browsers ask (br)`,
      figure: fBr,
      vsBare: fBr.rps / bare200.rps,
      target: `diagnostic: compressed (plain: ${((f200.rps / fBr.rps) * 100).toFixed(0)}% of this)`,
      met: null,
      note: `${cpuNote(fBr)}; machine ${fBr.split?.machine ?? '?'} ms (plain ${f200.split?.machine ?? '?'}); ${wireText}`,
    });
    run.results[`${key}_wire`] = { plain: plainWire.bytes, gzip: gzipWire.bytes, br: brWire.bytes };
    log(`${key} 200 as browsers ask: ${fBr.rps}/s p99 ${fBr.p99} ms; ${splitNote(fBr)}; ${wireText}`);
    const origin = product.services[service];
    if (origin) {
      const direct = targetsList.map((t) => ({ ...t, path: t.path.replace(/^\/api/, '') }));
      const d200 = await cannon(origin, direct, { connections: 50, seconds: SECONDS, expect: 200 });
      rows.push({
        key: `${key}_200_direct`,
        title: `${scenarios[name].title} 200 direct to ${service}`,
        figure: d200,
        vsBare: d200.rps / bare200.rps,
        target: 'diagnostic: no gateway',
        met: null,
      });
      log(`${key} direct to ${service}: 200 ${d200.rps}/s p99 ${d200.p99} ms`);
    }
    const f304 = await runTargets(await etagged(targetsList), 304);
    addPoll(`${key}_304`, name, '304', f304, f304.rps / bare304.rps);
    log(
      `${key}: 200 ${f200.rps}/s p99 ${f200.p99} ms (body ${bytes} B); 304 ${f304.rps}/s p99 ${f304.p99} ms`,
    );
  };
  try {
    const ownOff = own && (await expressRun(chefs.map((c) => ({ path: ownPath, headers: auth(c) }))));
    if (own && ownOff)
      expressRow('openings_200_own_express', "Openings 200, each chef's own list, Express path", ownOff, own);
    if (POLLS.has('applications'))
      await pollRun(
        'applications',
        'applicationsPoll',
        chefs.map((c) => ({ path: `/api${scenarios.applicationsPoll.requests[0].path}`, headers: auth(c) })),
        'jobs',
      );
    if (POLLS.has('conversations'))
      await pollRun(
        'conversations',
        'conversationsPoll',
        chefs.map((c) => ({ path: `/api${scenarios.conversationsPoll.requests[0].path}`, headers: auth(c) })),
        'messaging',
      );
    if (POLLS.has('unread'))
      await pollRun(
        'unread',
        'unreadCountPoll',
        chefs.map((c) => ({ path: `/api${scenarios.unreadCountPoll.requests[0].path}`, headers: auth(c) })),
        'notifications',
      );
    if (POLLS.has('inbox'))
      await pollRun(
        'inbox',
        'inboxPoll',
        chefs.map((c) => ({ path: `/api${scenarios.inboxPoll.requests[0].path}`, headers: auth(c) })),
        'notifications',
      );
    if (POLLS.has('thread')) {
      const threadOf = new Map(seeded.threads.map((t) => [t.chefId, t]));
      await pollRun(
        'thread',
        'threadPoll',
        chefs.map((c) => {
          const t = threadOf.get(c.id)!;
          return {
            path: `/api${fillPath(scenarios.threadPoll.requests[0].path, { jobId: t.jobId, lastMessageId: t.lastMessageId })}`,
            headers: auth(c),
          };
        }),
        'messaging',
      );
    }
  } finally {
    await express?.stop();
  }
  if (POLLS.has('search')) await measureSearch(run, bare200);
}
