import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type PluginOption } from 'vite';

/**
 * The landing page's HTML written at build time (issue 41: Lighthouse on a phone). After the app's build, the
 * landing page is rendered by the app's own code (src/app/prerender.tsx, built for Node into a temporary folder)
 * once per language the app speaks, and put into a copy of the built `index.html`: `landing.en.html`,
 * `landing.es.html`. The gateway answers `/` with the visitor's language (gateway/src/web-app.ts); every other
 * screen keeps the empty `index.html`, so no page ever flashes the landing page. `plugins`: what the app's code
 * needs to build for Node (React's JSX), never the service worker's.
 */
export function prerenderLanding(plugins: () => PluginOption[]): Plugin {
  let root = process.cwd();
  return {
    name: 'brigade-prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async writeBundle(options) {
      const dir = options.dir ?? path.join(root, 'dist');
      // inside the web package, so that Node finds the libraries the build for Node leaves outside
      const out = path.join(root, 'node_modules/.cache', `brigade-prerender-${process.pid}`);
      try {
        await build({
          root,
          configFile: false,
          logLevel: 'warn',
          plugins: plugins(),
          build: {
            ssr: 'src/app/prerender.tsx',
            outDir: out,
            emptyOutDir: true,
            minify: false,
            rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
          },
        });
        const { renderLanding, APP_LANGUAGES } = (await import(
          pathToFileURL(path.join(out, 'prerender.mjs')).href
        )) as { renderLanding(language: string): Promise<string>; APP_LANGUAGES: string[] };
        const shell = await readFile(path.join(dir, 'index.html'), 'utf8');
        const boot = landingBoot(entryOf(shell));
        const bootFile = `assets/landing-boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
        await writeFile(path.join(dir, bootFile), boot);
        for (const language of APP_LANGUAGES) {
          const markup = await renderLanding(language);
          await writeFile(
            path.join(dir, `landing.${language}.html`),
            landingPage(shell, language, markup, `/${bootFile}`),
          );
        }
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The built shell with the landing page's markup in its root, in `language`, and its scripts after the page: the
 * app's entry is loaded by `boot` (a small module, landingBoot) once the page has loaded, and the entry's
 * libraries are not preloaded (nor Intl set up ahead, public/warm-intl.js), so that the first paint waits for the
 * HTML and the styles only.
 */
export function landingPage(shell: string, language: string, markup: string, boot: string): string {
  const entry = entryOf(shell);
  const page = shell
    .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    // a visitor of the landing page shows no amount yet: Intl is set up by the app when it starts (warm-intl.js)
    .replace(/\s*<script src="\/warm-intl\.js" async><\/script>/, '')
    .replace(`src="${entry}"`, `src="${boot}"`)
    .replace('<div id="root"></div>', `<div id="root" data-prerendered="${language}">${markup}</div>`);
  if (!page.includes('data-prerendered')) throw new Error('index.html has no empty <div id="root"></div>');
  return page;
}

/** The entry of the app's scripts from the built shell. */
export function entryOf(shell: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(shell);
  if (!entry) throw new Error('index.html has no module script');
  return entry[1];
}

/**
 * The landing page's boot module. The page is whole without the app: its links are plain links, and the skip
 * link and the language's page come from the server. So the app's scripts load when someone needs them: a tap,
 * a key or a focus on the page starts the app, and a button tapped before the app was there (the language
 * switch) is tapped again once the app has taken the page over (main.tsx says `brigade:drawn`). The installable app's
 * service worker is registered when the browser is idle after the page's load, as the app itself would.
 */
export function landingBoot(entry: string): string {
  return `// The landing page's app, once someone needs it (web/prerender.ts).
const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'click'];
let started = false;
let drawn = false;
let tapped = null;
function start(event) {
  if (drawn) return;
  if (event.type === 'click' && event.target instanceof Element) tapped = event.target.closest('button') ?? tapped;
  if (started) return;
  started = true;
  addEventListener(
    'brigade:drawn',
    () => {
      drawn = true;
      for (const type of EVENTS) removeEventListener(type, start, true);
      if (tapped && tapped.isConnected) tapped.click();
    },
    { once: true },
  );
  import(${JSON.stringify(entry)});
}
for (const type of EVENTS) addEventListener(type, start, { capture: true, passive: true });
const idle = (f) => ('requestIdleCallback' in window ? requestIdleCallback(f, { timeout: 5000 }) : setTimeout(f, 1));
const register = () => navigator.serviceWorker?.register('/sw.js', { scope: '/' }).catch(() => undefined);
if (document.readyState === 'complete') idle(register);
else addEventListener('load', () => idle(register), { once: true });
`;
}
