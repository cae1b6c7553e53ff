// `npm install` (the root `postinstall`): PGlite's initdb, once, into node_modules/.cache, so that the first
// `npm start` copies a fresh database instead of running initdb (a 410-430 MB process) itself. Nothing here is
// needed: should it fail, the first start runs initdb as before.
import { makePgliteTemplate } from './embedded-data-dir';

const started = Date.now();
try {
  const template = makePgliteTemplate();
  console.log(
    `Embedded database template ready (${template}, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
} catch (err) {
  console.warn(`No embedded database template (${(err as Error).message}); the first npm start makes one.`);
}
