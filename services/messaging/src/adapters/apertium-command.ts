import { spawn } from 'node:child_process';
import { apertiumMode, cleanApertiumOutput, productPairs } from './apertium-text';
import type { Translation, Translator } from './translation-port';

/** At most this many `apertium` processes at once; further translations wait for one to end. */
export const MAX_APERTIUM_PROCESSES = 4;

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

/**
 * Run `command args`, give it `input` on stdin, collect its output. The child leads its own process group
 * (`apertium` is a shell script running a pipeline of programs), and the whole group is killed when it
 * outlives `timeoutMs`.
 */
function run(label: string, command: string, args: string[], input: string, timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      finish(() => reject(new Error(`${label} timed out after ${timeoutMs} ms`)));
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 2000) stderr += chunk.slice(0, 2000 - stderr.length); // for the log line
    });
    child.on('error', (err) => finish(() => reject(err)));
    child.on('close', (code) => finish(() => resolve({ stdout, stderr, code })));
    // A child that dies before reading its input closes the pipe: its exit code says what happened.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input, 'utf8');
  });
}

/**
 * The product's directions (`en-es`, `es-en`) the local `apertium` command translates, asked once at start
 * (`apertium -l`, a child process: the event loop is never blocked); [] when the command or its en-es
 * pair is not installed.
 */
export async function detectApertiumCommand(command: string, timeoutMs = 5000): Promise<string[]> {
  try {
    const listed = await run(`${command} -l`, command, ['-l'], '', timeoutMs);
    if (listed.code !== 0) return [];
    return productPairs(listed.stdout.split(/\s+/).filter(Boolean));
  } catch {
    return []; // ENOENT: not installed
  }
}

/** At most `size` holders at once; the others wait in line, each for at most the time it is given. */
function slots(size: number) {
  let free = size;
  const waiting: Array<() => void> = [];
  return {
    /** true with a slot, false when none came free within `ms` (the wait is then given up). */
    acquire(ms: number): Promise<boolean> {
      if (free > 0) {
        free--;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => {
        const entry = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          resolve(false);
        }, ms);
        waiting.push(entry);
      });
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}

export interface ApertiumCommandOptions {
  /** The `apertium` program (a path or a name on PATH). */
  command: string;
  /** The directions detected at start (`detectApertiumCommand`). */
  pairs: string[];
  /** One translation, waiting for a free process included, takes at most this long. */
  timeoutMs: number;
  maxProcesses?: number;
}

/**
 * Apertium through its command line: one `apertium -u <eng-spa>` child per translation, the text on stdin and
 * the translation on stdout (`-u`: no `*` before unknown words, which stay as written). At most
 * `maxProcesses` children run at once; the rest queue, and the queue counts against the time-out. Apertium
 * does not detect languages: `from` (the writer's language, detected offline by the caller) picks the
 * direction; without it, the other of the product's two languages.
 */
export function createApertiumCommandTranslator(options: ApertiumCommandOptions): Translator {
  const pool = slots(options.maxProcesses ?? MAX_APERTIUM_PROCESSES);
  return {
    enabled: true,
    provider: 'apertium',
    slots: options.maxProcesses ?? MAX_APERTIUM_PROCESSES,
    pairs: options.pairs,
    via: `local ${options.command} command, offline`,
    async translate(text: string, to: string, from?: string): Promise<Translation> {
      const source = from ?? (to === 'en' ? 'es' : 'en');
      if (source === to) return { text, detectedSource: null };
      const mode = apertiumMode(source, to);
      if (!mode || !options.pairs.includes(`${source}-${to}`))
        throw new Error(`apertium does not translate ${source} to ${to} here`);

      const deadline = Date.now() + options.timeoutMs;
      if (!(await pool.acquire(options.timeoutMs)))
        throw new Error(`apertium busy: no free process within ${options.timeoutMs} ms`);
      try {
        // Through `cat`: the apertium script reads /dev/stdin by name, which cannot be opened on the socket
        // node gives a child as its stdin; `cat` hands it a real pipe.
        const result = await run(
          `apertium ${mode}`,
          'sh',
          ['-c', 'cat | exec "$0" -u "$1"', options.command, mode],
          text,
          Math.max(1, deadline - Date.now()),
        );
        if (result.code !== 0)
          throw new Error(`apertium ${mode} exited with ${result.code}: ${result.stderr.trim()}`);
        return { text: cleanApertiumOutput(result.stdout, text), detectedSource: null };
      } finally {
        pool.release();
      }
    },
  };
}
