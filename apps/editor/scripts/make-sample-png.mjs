#!/usr/bin/env node
// Writes public/samples/beamstage-sample.png: a 256x256 RGBA PNG with four distinct colour quadrants,
// a white ring and a dark diagonal, so pixel comparisons between editor and projector can tell
// position, orientation and scale apart. Pure node:zlib, no image libraries.
import { Buffer } from 'node:buffer';
import { mkdirSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE_PX = 256;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** The colour of one pixel: quadrants (violet, cyan, amber, magenta), a white ring, a dark diagonal. */
export function samplePixel(x, y) {
  const cx = x - SIZE_PX / 2 + 0.5;
  const cy = y - SIZE_PX / 2 + 0.5;
  const r = Math.hypot(cx, cy);
  if (r > 70 && r < 86) return [255, 255, 255, 255];
  if (Math.abs(x - y) < 6) return [16, 16, 24, 255];
  const top = y < SIZE_PX / 2;
  const left = x < SIZE_PX / 2;
  if (top && left) return [124, 92, 255, 255];
  if (top) return [34, 211, 238, 255];
  if (left) return [255, 181, 71, 255];
  return [255, 46, 151, 255];
}

/** The whole PNG file. */
export function samplePng() {
  const raw = Buffer.alloc((SIZE_PX * 4 + 1) * SIZE_PX);
  for (let y = 0; y < SIZE_PX; y += 1) {
    const row = y * (SIZE_PX * 4 + 1);
    raw[row] = 0; // filter type none
    for (let x = 0; x < SIZE_PX; x += 1) raw.set(samplePixel(x, y), row + 1 + x * 4);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE_PX, 0);
  ihdr.writeUInt32BE(SIZE_PX, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = fileURLToPath(new URL('../public/samples/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${dir}beamstage-sample.png`, samplePng());
  console.log(`wrote ${dir}beamstage-sample.png`);
}
