// `npm start`: the product from its compiled copy (scripts/start-bundle.mjs), built first when a source changed.
// BRIGADE_START_BUNDLE=0, or a copy that fails to build, loads the sources through tsx instead.
import { pathToFileURL } from 'node:url';
import { compiledStart, ENTRY } from './start-bundle.mjs';

let entry = null;
if (process.env.BRIGADE_START_BUNDLE !== '0') {
  try {
    entry = await compiledStart();
  } catch (err) {
    console.warn(`Starting from the sources through tsx (the compiled start did not build: ${err.message})`);
  }
}
if (!entry) {
  const { register } = await import('tsx/esm/api');
  register();
}
await import(pathToFileURL(entry ?? ENTRY).href);
