import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressFiles } from '../web/precompress';

// The web build's compressed copies (ADR 21): what the gateway serves to browsers that accept brotli or gzip.

test('the build writes .br and .gz of each script, style and map of 1 KB or more, the same bytes once decoded', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'brigade-precompress-'));
  try {
    mkdirSync(path.join(dir, 'assets'));
    const files: Record<string, Buffer> = {
      'assets/index-abc.js': Buffer.from(`console.log(${JSON.stringify('Brigade '.repeat(400))});\n`),
      'assets/index-abc.css': Buffer.from('.card { padding: 1rem; }\n'.repeat(100)),
      'assets/tiny-abc.js': Buffer.from('export const a = 1;\n'),
      'assets/photo-abc.png': Buffer.alloc(8192, 3),
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);

    const done = await precompressFiles(dir, Object.keys(files));

    expect(done).toEqual(['assets/index-abc.css', 'assets/index-abc.js']);
    for (const name of done) {
      const br = readFileSync(path.join(dir, `${name}.br`));
      const gz = readFileSync(path.join(dir, `${name}.gz`));
      expect(brotliDecompressSync(br)).toEqual(files[name]);
      expect(gunzipSync(gz)).toEqual(files[name]);
      expect(br.length).toBeLessThan(files[name].length / 4);
    }
    // Too small to be worth it, or not compressible: left alone.
    expect(readdirSync(path.join(dir, 'assets')).sort()).toEqual([
      'index-abc.css',
      'index-abc.css.br',
      'index-abc.css.gz',
      'index-abc.js',
      'index-abc.js.br',
      'index-abc.js.gz',
      'photo-abc.png',
      'tiny-abc.js',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
