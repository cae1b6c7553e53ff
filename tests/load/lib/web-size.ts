import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

export interface PageJs {
  gzipBytes: number;
  rawBytes: number;
  files: number;
  /** Which screen module stood for the page (the openings screen may still be a placeholder). */
  screen: string;
}

/**
 * The JavaScript a browser loads before a page shows, gzipped (level 9, as a CDN would): the entry with its
 * static imports, plus the page's lazy chunk with its static imports, plus the page's texts (en). The landing page
 * as written ahead (ADR 42) loads only its boot module until someone taps: `landingBeforeInput`. Built into
 * a temporary folder with Vite's manifest, so web/dist (served by `npm start`) is left alone.
 */
export function measureWebJs(
  root: string,
):
  | { landing: PageJs; landingBeforeInput: PageJs | null; openings: PageJs; buildMs: number }
  | { error: string } {
  const web = path.join(root, 'web');
  const vite = path.join(web, 'node_modules/.bin/vite');
  const bin = existsSync(vite) ? vite : path.join(root, 'node_modules/.bin/vite');
  const out = mkdtempSync(path.join(tmpdir(), 'brigade-bench-web-'));
  try {
    const t0 = Date.now();
    const r = spawnSync(
      bin,
      ['build', '--outDir', out, '--emptyOutDir', '--manifest', '--logLevel', 'error'],
      { cwd: web, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } },
    );
    if (r.status !== 0) return { error: `web build failed: ${(r.stderr || r.stdout).slice(0, 300)}` };
    const buildMs = Date.now() - t0;
    const manifest = JSON.parse(readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      ManifestChunk
    >;
    const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
    if (!entry) return { error: 'no entry in the Vite manifest' };
    const closure = (keys: string[]) => {
      const seen = new Set<string>();
      const visit = (k: string) => {
        if (seen.has(k) || !manifest[k]) return;
        seen.add(k);
        for (const i of manifest[k].imports ?? []) visit(i);
      };
      keys.forEach(visit);
      return seen;
    };
    const size = (keys: string[], screen: string): PageJs => {
      const files = [...closure(keys)].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
      let gz = 0;
      let raw = 0;
      for (const f of files) {
        const bytes = readFileSync(path.join(out, f));
        raw += bytes.length;
        gz += gzipSync(bytes, { level: 9 }).length;
      }
      return { gzipBytes: gz, rawBytes: raw, files: files.length, screen };
    };
    const find = (re: RegExp) => Object.keys(manifest).find((k) => re.test(k));
    const locale = (ns: string) => find(new RegExp(`locales/en/${ns}\\.(json|ts)$`));
    const landingScreen = find(/features\/landing\/LandingPage\.tsx$/) ?? '';
    const openingsScreen =
      find(/Openings[^/]*Page\.tsx$/) ??
      find(/features\/jobs\/.*(Browse|Openings|List)[^/]*\.tsx$/) ??
      find(/PlaceholderPage\.tsx$/) ??
      '';
    const layout = find(/features\/shell\/AppLayout\.tsx$/);
    const landing = size(
      [entry, landingScreen, locale('common'), locale('landing')].filter(Boolean) as string[],
      landingScreen,
    );
    const openings = size(
      [entry, layout, openingsScreen, locale('common'), locale('jobs')].filter(Boolean) as string[],
      openingsScreen,
    );
    // Issue 41 (ADR 42): the landing page as the gateway answers it loads only its boot module until a first tap
    const bootFile = readdirSync(path.join(out, 'assets')).find((f) => /^landing-boot-.*\.js$/.test(f));
    const boot = bootFile ? readFileSync(path.join(out, 'assets', bootFile)) : null;
    const landingBeforeInput = boot
      ? { gzipBytes: gzipSync(boot, { level: 9 }).length, rawBytes: boot.length, files: 1, screen: bootFile! }
      : null;
    return { landing, landingBeforeInput, openings, buildMs };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
