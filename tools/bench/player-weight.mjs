#!/usr/bin/env node
// `npm run bench:player-weight`: where the bytes of /embed/player.js come from. Builds apps/player as
// it ships (its own vite config) with a source map, gives every byte of the minified entry to the
// source file it came from, and prints the minified bytes per library and per file with each one's
// share of the gzip size (gzip does not split by file, so the share is proportional, not exact).
// The budget itself is `npm run bench:packages`.
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
import { build } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const top = Number(process.env.PLAYER_WEIGHT_TOP ?? 30);
const result = await build({ configFile: join(root, 'apps/player/vite.config.ts'), logLevel: 'silent', build: { write: false, sourcemap: true } });
const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
const entry = outputs.find((o) => o.type === 'chunk' && o.isEntry);
const code = entry.code;
const lineStarts = [];
let at = 0;
for (const line of code.split('\n')) {
  lineStarts.push(at);
  at += line.length + 1;
}
const marks = [];
eachMapping(new TraceMap(entry.map), (m) => marks.push([lineStarts[m.generatedLine - 1] + m.generatedColumn, m.source ?? '(bundler glue)']));
marks.sort((a, b) => a[0] - b[0]);
const name = (source) =>
  source
    .replace(/.*node_modules\//, 'node_modules/')
    .replace(/.*?\/?((apps|libs)\/.*)$/, '$1')
    .replace(/^(\.\.\/)+src\//, 'apps/player/src/');
const bytesByFile = new Map();
for (let i = 0; i < marks.length; i++) {
  const [start, source] = marks[i];
  const end = i + 1 < marks.length ? marks[i + 1][0] : code.length;
  bytesByFile.set(name(source), (bytesByFile.get(name(source)) ?? 0) + end - start);
}
const gzipBytes = gzipSync(code, { level: 9 }).length;
const share = (n) => Math.round((gzipBytes * n) / code.length);
const groupOf = (file) => (file.startsWith('node_modules/') ? file.split('/').slice(0, 2).join('/') : file.split('/').slice(0, 2).join('/'));
const byGroup = new Map();
for (const [file, n] of bytesByFile) byGroup.set(groupOf(file), (byGroup.get(groupOf(file)) ?? 0) + n);
console.log(
  `player.js: ${code.length} B minified, ${gzipBytes} B gzip; it imports ${entry.imports.length} chunk(s) at load, ${entry.dynamicImports.length} lazily (${entry.dynamicImports.join(', ')})`,
);
console.log('\nby library (minified bytes, share of gzip):');
for (const [group, n] of [...byGroup].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(6)} B  ~${String(share(n)).padStart(5)} B gz  ${group}`);
console.log(`\nlargest ${top} files:`);
for (const [file, n] of [...bytesByFile].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`  ${String(n).padStart(6)} B  ~${String(share(n)).padStart(5)} B gz  ${file}`);
