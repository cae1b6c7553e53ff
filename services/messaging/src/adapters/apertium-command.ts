import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { apertiumMode, cleanApertiumOutput, productPairs } from './apertium-text';
import type { Translation, Translator } from './translation-port';

/**
 * At most this many pipelines per direction, each translating one text at a time; further translations wait
 * for one to come free. Two: the background lane (statements) holds one, the chat has the other.
 */
export const MAX_APERTIUM_PIPELINES = 2;

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Kill a child's whole process group; nothing to do when it is already gone. */
function killGroup(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL') {
  try {
    if (pid) process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Run `command args`, give it `input` on stdin, collect its output. The child leads its own process group
 * (it may be a shell script running a pipeline of programs), and the whole group is killed when it outlives
 * `timeoutMs`.
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
      killGroup(child.pid);
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

/**
 * The directory of the command's language data, as the `apertium` script finds it: `APERTIUM_DATADIR`, else the
 * default the script itself declares (`APERTIUM_DATADIR="${APERTIUM_DATADIR:-/usr/share/apertium}"`).
 */
async function apertiumDatadir(command: string): Promise<string> {
  if (process.env.APERTIUM_DATADIR) return process.env.APERTIUM_DATADIR;
  const candidates = command.includes('/')
    ? [command]
    : (process.env.PATH ?? '').split(':').map((dir) => path.join(dir || '.', command));
  for (const file of candidates) {
    try {
      await access(file, constants.X_OK);
    } catch {
      continue;
    }
    const declared = /APERTIUM_DATADIR="\$\{APERTIUM_DATADIR:-([^}"]+)\}"/.exec(await readFile(file, 'utf8'));
    if (declared) return declared[1];
    break;
  }
  throw new Error(`cannot tell where ${command} keeps its language data (set APERTIUM_DATADIR)`);
}

/**
 * The script a pipeline runs: the mode's programs, each in null-flush mode (`apertium-wblank-mode -z`, as the
 * `apertium` script builds them), with the arguments `apertium -u` gives them: `$1` = `-n` (no `*` before
 * unknown words), `$2` = nothing. Only the core of the pipeline: the text is deformatted and reformatted around
 * it for each message. A UTF-8 locale, as the `apertium` script insists on.
 */
const PIPELINE_SCRIPT = `set -e
LC_CTYPE=$(locale -a 2>/dev/null | grep -i -m1 'utf[.-]*8' || true)
[ -n "$LC_CTYPE" ] && export LC_CTYPE
pipeline=$(apertium-wblank-mode -z "$1")
exec bash -c "$pipeline" "$0" -n ''`;

/** A pipeline that ended by itself (crashed, or killed from outside), not by our time-out. */
class PipelineEnded extends Error {}

/** A text the pipeline did not answer within the message's time-out (the pipeline is still working on it). */
class PipelineLate extends Error {}

/**
 * How long a pipeline that missed a message's time-out may still take to give that answer before it is taken
 * for stuck and killed: so many times the time-out. A pipeline is late mostly on its first text, while it loads
 * its dictionaries on a busy machine; killing it then threw that work away, and the next message started cold
 * again and was late too.
 */
export const LATE_ANSWER_GRACE = 3;

/** Text in Apertium's null-flush stream: a NUL ends each text, so one in the text itself would split it. */
const NUL = 0;

/**
 * One running pipeline of a direction: its own process group, fed one text at a time on stdin, each ended by a
 * NUL; the pipeline answers each with its translation ended by a NUL. Neither the child nor its pipes keep the
 * event loop alive; a translation in flight does, by its time-out.
 */
class Pipeline {
  private readonly child: ChildProcessWithoutNullStreams;
  private output: Buffer[] = [];
  private stderr = '';
  private pending: { resolve: (out: Buffer) => void; reject: (err: Error) => void } | null = null;
  /** A text given up on (late) whose answer is still to come and is thrown away; then `caughtUp` is called. */
  private owed: { caughtUp?: (ok: boolean) => void; timer?: NodeJS.Timeout } | null = null;
  /** Set once the pipeline has ended (crashed, killed or closed): it is never used again. */
  ended: Error | null = null;
  readonly exited: Promise<void>;

  constructor(
    private readonly mode: string,
    modeFile: string,
  ) {
    this.child = spawn('bash', ['-c', PIPELINE_SCRIPT, `apertium ${mode}`, modeFile], {
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdout.on('data', (chunk: Buffer) => this.read(chunk));
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-2000); // the last words, for the error
    });
    this.child.stdin.on('error', () => undefined); // a pipeline that died: 'close' says so
    this.child.on('error', (err) => this.end(err));
    this.child.on('close', (code, signal) =>
      this.end(
        new PipelineEnded(
          `apertium ${mode} pipeline ended (${signal ?? `exit code ${code}`})${this.stderr.trim() ? `: ${this.stderr.trim()}` : ''}`,
        ),
      ),
    );
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr])
      (stream as unknown as { unref?: () => void }).unref?.();
  }

  get pid() {
    return this.child.pid;
  }

  /**
   * The pipeline's answer to `input` (deformatted text); a `PipelineLate` when it takes longer than `ms`: the
   * pipeline goes on with the text (`caughtUp` says when it is free again).
   */
  translate(input: Buffer, ms: number, late: () => string): Promise<Buffer> {
    if (this.ended) return Promise.reject(this.ended);
    if (this.owed) return Promise.reject(new Error(`apertium ${this.mode} pipeline is still busy`));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const pending = this.pending;
        this.pending = null;
        this.owed = {};
        pending?.reject(new PipelineLate(late()));
      }, ms);
      this.pending = {
        resolve: (out) => {
          clearTimeout(timer);
          resolve(out);
        },
        reject: (err) => {
          clearTimeout(timer);
          reject(err);
        },
      };
      this.child.stdin.write(Buffer.concat([input, Buffer.from([NUL])]));
    });
  }

  /**
   * After a late answer: true once the pipeline has given the answer it owed (thrown away) and takes texts
   * again; false when it ended, or was killed for not giving it within `graceMs`.
   */
  caughtUp(graceMs: number): Promise<boolean> {
    if (this.ended) return Promise.resolve(false);
    if (!this.owed) return Promise.resolve(true);
    const owed = this.owed;
    return new Promise((resolve) => {
      owed.caughtUp = resolve;
      owed.timer = setTimeout(
        () => this.kill(new Error(`apertium ${this.mode} gave no answer within ${graceMs} ms: killed`)),
        graceMs,
      );
      owed.timer.unref();
    });
  }

  private read(chunk: Buffer) {
    let rest = chunk;
    for (let at = rest.indexOf(NUL); at >= 0; at = rest.indexOf(NUL)) {
      this.output.push(rest.subarray(0, at));
      rest = rest.subarray(at + 1);
      const answer = Buffer.concat(this.output);
      this.output = [];
      const owed = this.owed;
      if (owed) {
        // the late answer: nobody waits for it any more
        this.owed = null;
        clearTimeout(owed.timer);
        owed.caughtUp?.(true);
        continue;
      }
      const pending = this.pending;
      this.pending = null;
      pending?.resolve(answer);
    }
    if (rest.length > 0) this.output.push(rest);
  }

  /** Kill the whole process group; the text in flight, if any, fails with `reason`. */
  kill(reason: Error) {
    this.end(reason);
    killGroup(this.child.pid);
  }

  /** Killed, and its end awaited (keeping the event loop alive until then). */
  async close() {
    this.child.ref();
    this.kill(new Error(`apertium ${this.mode} pipeline closed`));
    await this.exited;
  }

  private end(reason: Error) {
    if (!this.ended) this.ended = reason;
    const pending = this.pending;
    this.pending = null;
    pending?.reject(reason);
    const owed = this.owed;
    this.owed = null;
    if (owed) {
      clearTimeout(owed.timer);
      owed.caughtUp?.(false);
    }
    if (this.child.exitCode === null && this.child.signalCode === null) killGroup(this.child.pid);
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
  /** The `apertium` program (a path or a name on PATH): its language data and modes are used. */
  command: string;
  /** The directions detected at start (`detectApertiumCommand`). */
  pairs: string[];
  /** One translation, waiting for a free pipeline included, takes at most this long. */
  timeoutMs: number;
  /** Pipelines per direction (`MAX_APERTIUM_PIPELINES`). */
  maxPipelines?: number;
}

/** A translator that keeps processes running; `close()` ends them. */
export interface ApertiumCommandTranslator extends Translator {
  close(): Promise<void>;
}

/**
 * Apertium through its command-line programs, kept running as APy does: per direction, up to `maxPipelines`
 * pipelines of the mode's programs in null-flush mode, each started on first need (loading the dictionaries,
 * about 0.25 CPU-s, once) and then fed one text at a time. A message is deformatted (`apertium-destxt`),
 * translated by a free pipeline, and reformatted (`apertium-retxt`), as `apertium -u <eng-spa>` does it (`-u`:
 * no `*` before unknown words, which stay as written). Messages wait for a free pipeline in line, and the wait
 * counts against the time-out. A message whose pipeline outlives the time-out fails, and the pipeline keeps its
 * slot until it has given that late answer (thrown away): then it serves the next message warm. One that gives
 * no answer within LATE_ANSWER_GRACE time-outs is stuck and killed (its process group); one that died is
 * replaced by a fresh one for the next message. Apertium does not detect
 * languages: `from` (the writer's language, detected offline by the caller) picks the direction; without it,
 * the other of the product's two languages.
 */
export function createApertiumCommandTranslator(options: ApertiumCommandOptions): ApertiumCommandTranslator {
  const size = options.maxPipelines ?? MAX_APERTIUM_PIPELINES;
  const directions = new Map<string, { pool: ReturnType<typeof slots>; idle: Pipeline[] }>();
  const running = new Set<Pipeline>();
  let closed = false;
  let modesDir: Promise<string> | null = null;

  const start = async (mode: string): Promise<Pipeline> => {
    modesDir ??= apertiumDatadir(options.command).then((dir) => path.join(dir, 'modes'));
    modesDir.catch(() => (modesDir = null)); // asked again next time
    const modeFile = path.join(await modesDir, `${mode}.mode`);
    if (closed) throw new Error('apertium translator is closed');
    const pipeline = new Pipeline(mode, modeFile);
    running.add(pipeline);
    void pipeline.exited.then(() => running.delete(pipeline));
    return pipeline;
  };

  /**
   * `input` through a pipeline of `mode`: an idle one, else a new one; once more on a fresh one if it had died.
   * One that is late is handed to `onLate` (with the slot it holds) and the message fails.
   */
  const throughPipeline = async (
    mode: string,
    input: Buffer,
    deadline: number,
    onLate: (pipeline: Pipeline) => void,
  ): Promise<Buffer> => {
    const direction = directions.get(mode)!;
    const late = () => `apertium ${mode} timed out after ${options.timeoutMs} ms`;
    for (let attempt = 0; ; attempt++) {
      let pipeline = direction.idle.pop();
      while (pipeline?.ended) pipeline = direction.idle.pop();
      pipeline ??= await start(mode);
      try {
        const out = await pipeline.translate(input, Math.max(1, deadline - Date.now()), late);
        direction.idle.push(pipeline);
        return out;
      } catch (err) {
        if (err instanceof PipelineLate && !closed) {
          onLate(pipeline);
          throw err;
        }
        pipeline.kill(err as Error);
        // Killed from outside or crashed, perhaps while idle, before the message got to it: once more, on a fresh
        // pipeline (a text that crashes the engine crashes the second one too and fails).
        if (closed || !(err instanceof PipelineEnded) || attempt > 0 || Date.now() >= deadline) throw err;
      }
    }
  };

  return {
    enabled: true,
    provider: 'apertium',
    slots: size,
    pairs: options.pairs,
    via: `local ${options.command} command, offline`,
    async translate(text: string, to: string, from?: string): Promise<Translation> {
      const source = from ?? (to === 'en' ? 'es' : 'en');
      if (source === to) return { text, detectedSource: null };
      const mode = apertiumMode(source, to);
      if (!mode || !options.pairs.includes(`${source}-${to}`))
        throw new Error(`apertium does not translate ${source} to ${to} here`);
      if (closed) throw new Error('apertium translator is closed');

      const deadline = Date.now() + options.timeoutMs;
      const direction = directions.get(mode) ?? { pool: slots(size), idle: [] };
      directions.set(mode, direction);
      if (!(await direction.pool.acquire(options.timeoutMs)))
        throw new Error(`apertium busy: no free ${mode} pipeline within ${options.timeoutMs} ms`);
      // A late pipeline keeps its slot until it has given its late answer: then it is idle, warm, for the next
      // message (or killed, stuck, and the slot is free for a fresh one).
      let slotHandedOver = false;
      const keepWarm = (pipeline: Pipeline) => {
        slotHandedOver = true;
        void pipeline.caughtUp(LATE_ANSWER_GRACE * options.timeoutMs).then((ok) => {
          if (ok && !closed) direction.idle.push(pipeline);
          direction.pool.release();
        });
      };
      try {
        const left = () => Math.max(1, deadline - Date.now());
        // A NUL would end the text early in the null-flush stream.
        const deformatted = await run(
          'apertium-destxt',
          'apertium-destxt',
          [],
          text.replaceAll('\0', ''),
          left(),
        );
        if (deformatted.code !== 0)
          throw new Error(`apertium-destxt exited with ${deformatted.code}: ${deformatted.stderr.trim()}`);
        const translated = await throughPipeline(
          mode,
          Buffer.from(deformatted.stdout, 'utf8'),
          deadline,
          keepWarm,
        );
        const reformatted = await run(
          'apertium-retxt',
          'apertium-retxt',
          [],
          translated.toString('utf8'),
          left(),
        );
        if (reformatted.code !== 0)
          throw new Error(`apertium-retxt exited with ${reformatted.code}: ${reformatted.stderr.trim()}`);
        return { text: cleanApertiumOutput(reformatted.stdout, text), detectedSource: null };
      } finally {
        if (!slotHandedOver) direction.pool.release();
      }
    },
    async close() {
      closed = true;
      await Promise.all([...running].map((pipeline) => pipeline.close()));
    },
  };
}
