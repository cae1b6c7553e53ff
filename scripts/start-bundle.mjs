// `npm start`'s compiled copy (ADR 6): scripts/start.ts compiled by esbuild, kept under
// node_modules/.cache/brigade/start/ and built again only when one of its sources changed (each source's size and
// modification time are kept beside it). The suites' stacks of processes start each process from such a copy of
// its entry too (`compiledEntry`, ADR 41). Loading the product through tsx meant ~1,600 modules compiled or read from
// tsx's cache one by one at every start: 5-6 s of a 10 s second start. The npm packages stay outside, loaded by
// Node as usual, except those a workspace holds a version of its own of (services/identity's file-type). Each
// source keeps its own `import.meta.url`, so migrations, sandboxes' files and web/dist are found where they are.
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
export const ENTRY = path.join(ROOT, 'scripts/start.ts');
/** Where `npm start` keeps its compiled copy (tests build into folders of their own). */
export const START_CACHE = path.join(ROOT, 'node_modules/.cache/brigade/start');
const files = (outDir, entry = ENTRY) => ({
  bundle: path.join(outDir, `${path.basename(entry).replace(/\.[cm]?ts$/, '')}.mjs`),
  inputs: path.join(outDir, 'inputs.json'),
});

/** Whether the compiled copy in `outDir` is there and every source it was built from is as it was then. */
export function upToDate(outDir = START_CACHE, entry = ENTRY) {
  const { bundle, inputs } = files(outDir, entry);
  if (!existsSync(bundle) || !existsSync(inputs)) return false;
  try {
    const built = JSON.parse(readFileSync(inputs, 'utf8'));
    if (built.node !== process.version) return false;
    for (const [file, stamp] of Object.entries(built.files)) {
      const s = statSync(path.join(ROOT, file));
      if (`${s.size}:${s.mtimeMs}` !== stamp) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** A package name from a bare import (`@scope/name/sub` -> `@scope/name`). */
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const insideNested = (file) => {
  const rel = path.relative(ROOT, file);
  return !rel.startsWith('node_modules') && rel.split(path.sep).includes('node_modules');
};

/** The builds of this process, one after the other: each stops esbuild's service when done, which ends any other. */
let building = Promise.resolve();

/**
 * Compile `entry` (scripts/start.ts) and what it imports into `outDir`; answers the entry module's path. Builds
 * asked for at once (a suite starting its processes side by side) run one after the other.
 */
export function buildStart(outDir = START_CACHE, entry = ENTRY) {
  const built = building.then(() => build(outDir, entry));
  building = built.catch(() => undefined);
  return built;
}

async function build(outDir, entry) {
  const { bundle, inputs } = files(outDir, entry);
  const esbuild = await import('esbuild');
  const plugin = {
    name: 'brigade-start',
    setup(b) {
      // Bare imports stay npm's, but for our own workspaces (@brigade/*) and a package a workspace pins a version
      // of its own of (and whatever that package imports), which go into the bundle from where they are.
      b.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith('@brigade/') || args.path.startsWith('node:')) return undefined;
        if (args.importer && insideNested(args.importer)) return undefined;
        let dir = args.resolveDir;
        while (dir.startsWith(ROOT) && dir !== ROOT) {
          if (existsSync(path.join(dir, 'node_modules', packageOf(args.path)))) return undefined;
          dir = path.dirname(dir);
        }
        return { path: args.path, external: true };
      });
      // Each source's own address, not the bundle's.
      b.onLoad({ filter: /\.[cm]?ts$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        return {
          contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
          loader: 'ts',
        };
      });
    },
  };
  mkdirSync(outDir, { recursive: true });
  const result = await esbuild.build({
    entryPoints: [entry],
    absWorkingDir: ROOT,
    outdir: outDir,
    // what start.ts imports only when it needs it stays in chunks of its own: the database and the web build come
    // before the product's packages load, so that no two peaks of memory add up
    splitting: true,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'silent',
    // CommonJS packages bundled into an ES module still call require()
    banner: {
      js: "import { createRequire as __brigadeRequire } from 'node:module'; const require = __brigadeRequire(import.meta.url);",
    },
    plugins: [plugin],
  });
  await esbuild.stop?.();
  const stamps = {};
  for (const input of Object.keys(result.metafile.inputs)) {
    const file = path.resolve(ROOT, input);
    if (!existsSync(file)) continue;
    const s = statSync(file);
    stamps[path.relative(ROOT, file)] = `${s.size}:${s.mtimeMs}`;
  }
  // each written beside and renamed into place: a start stopped halfway never leaves half a bundle
  mkdirSync(path.join(outDir, 'chunks'), { recursive: true });
  const outputs = result.outputFiles.sort(
    (a, b) => Number(a.path.startsWith(bundle)) - Number(b.path.startsWith(bundle)),
  );
  for (const out of outputs) {
    writeFileSync(`${out.path}.${process.pid}`, out.contents);
    renameSync(`${out.path}.${process.pid}`, out.path);
  }
  writeFileSync(`${inputs}.${process.pid}`, JSON.stringify({ node: process.version, files: stamps }));
  renameSync(`${inputs}.${process.pid}`, inputs);
  return bundle;
}

/** Where the suites' compiled copies of other entries are kept, each in a folder named after its path. */
export const ENTRIES_CACHE = path.join(ROOT, 'node_modules/.cache/brigade/entries');

/**
 * The compiled copy of `entry` (a path from the repository's root, e.g. `services/jobs/src/main.ts`), built first
 * when it is missing or a source changed: a process of the suites' stacks starts from it in about 1.2 s of CPU,
 * against about 3 s through tsx (issue 41, CI time).
 */
export async function compiledEntry(entry) {
  const source = path.resolve(ROOT, entry);
  const outDir = path.join(ENTRIES_CACHE, path.relative(ROOT, source).replace(/[\\/.]+/g, '_'));
  return compiledStart(outDir, source);
}

/** The compiled start, built first when it is missing or a source changed. */
export async function compiledStart(outDir = START_CACHE, entry = ENTRY) {
  return upToDate(outDir, entry) ? files(outDir, entry).bundle : buildStart(outDir, entry);
}
