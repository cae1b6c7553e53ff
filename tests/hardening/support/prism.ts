import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@brigade/kit';
import { ROOT } from './child';

/** Prism (`prism proxy --errors`) in front of a gateway's `/api`, validating every request and answer. */
export interface PrismProxy {
  /** Prism's address: `${url}/jobs` is the gateway's `/api/jobs`, checked against the document. */
  url: string;
  /** Everything Prism wrote (its violations included). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Start Prism as a child process on a free port, proxying to `upstream` (the gateway's `/api`) with the
 * document `openapi` (written to a temporary file); resolves once it listens.
 */
export async function startPrismProxy(openapi: unknown, upstream: string): Promise<PrismProxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'brigade-prism-'));
  const file = path.join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(openapi));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/@stoplight/prism-cli/dist/index.js'),
      'proxy',
      file,
      upstream,
      '--errors',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const listening = new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => {
      out += d.toString();
      if (/Prism is listening/.test(out)) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`prism exited before listening:\n${out}`)));
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await listening;
  } catch (err) {
    await stop();
    throw err;
  }
  return { url: `http://127.0.0.1:${port}`, output: () => out, stop };
}
