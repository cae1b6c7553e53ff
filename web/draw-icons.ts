import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

/**
 * Draws the app's icons (web/public/icons/*.png, committed): a white "B" on the brand red (#b3261e, the theme
 * colour of the manifest and index.html). No image tools and no downloads: each pixel is the share of 4×4
 * samples inside the letter, written as an RGBA PNG with node:zlib. `npx tsx web/draw-icons.ts` draws them again.
 *
 * - icon-192.png, icon-512.png (purpose "any"): a rounded red square, the letter at 60% of the height;
 * - icon-maskable-512.png (purpose "maskable"): red to every edge, the letter inside the central 80% circle
 *   that every platform's mask keeps.
 */
const RED = [0xb3, 0x26, 0x1e] as const;
const WHITE = [0xff, 0xff, 0xff] as const;

/** Inside the letter B drawn in a unit box (0..1 both ways): a stem and two bowls (rings cut at the stem). */
function inB(x: number, y: number): boolean {
  const stroke = 0.2;
  if (x < 0 || x > 1 || y < 0 || y > 1) return false;
  if (x <= stroke) return true; // the stem
  const bowl = (top: number, bottom: number, right: number) => {
    if (y < top || y > bottom) return false;
    const h = (bottom - top) / 2;
    const cy = top + h;
    const straight = right - h; // the bowl runs straight from the stem, then turns round
    if (x <= straight) return y <= top + stroke * 0.85 || y >= bottom - stroke * 0.85;
    const d = Math.hypot((x - straight) / 1, y - cy);
    return d <= h && d >= h - stroke * 0.85;
  };
  return bowl(0, 0.48, 0.86) || bowl(0.44, 1, 1);
}

function roundedSquare(x: number, y: number, r: number): boolean {
  const dx = Math.max(r - x, 0, x - (1 - r));
  const dy = Math.max(r - y, 0, y - (1 - r));
  return dx * dx + dy * dy <= r * r;
}

function draw(size: number, maskable: boolean): Buffer {
  const letterHeight = maskable ? 0.46 : 0.6;
  const letterWidth = letterHeight * 0.72;
  const left = (1 - letterWidth) / 2;
  const top = (1 - letterHeight) / 2;
  const samples = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4); // filter byte 0, then RGBA
    for (let px = 0; px < size; px++) {
      let background = 0;
      let letter = 0;
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          if (!maskable && !roundedSquare(x, y, 0.18)) continue;
          background++;
          if (inB((x - left) / letterWidth, (y - top) / letterHeight)) letter++;
        }
      const n = samples * samples;
      const alpha = background / n;
      const white = background ? letter / background : 0;
      const o = 1 + px * 4;
      for (let c = 0; c < 3; c++) row[o + c] = Math.round(RED[c] + (WHITE[c] - RED[c]) * white);
      row[o + 3] = Math.round(alpha * 255);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size: number, raw: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'public/icons');
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon-180.png', 180, true],
] as const) {
  writeFileSync(path.join(out, name), draw(size, maskable));
}
