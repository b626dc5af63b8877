#!/usr/bin/env node
// `npm run bench`: every area's benchmark in turn; prints each one's output and, at the end,
// the JSON summary lines they printed last. Exits non-zero if one of them fails.
import { spawnSync } from 'node:child_process';

const areas = ['timeline', 'layers', 'live-edit', 'render', 'dom', 'first-frame', 'wall', 'editor', 'sync', 'relay', 'rest-update', 'api', 'packages'];
const summaries = [];
let failed = 0;
for (const area of areas) {
  console.log(`\n=== bench:${area} ===`);
  const run = spawnSync('npm', ['run', '--silent', `bench:${area}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  process.stdout.write(run.stdout ?? '');
  const last = (run.stdout ?? '').trim().split('\n').at(-1) ?? '';
  if (run.status !== 0) failed++;
  summaries.push(last.startsWith('{') ? last : JSON.stringify({ bench: area, error: `exit ${run.status}` }));
}
console.log('\n=== summary ===');
for (const line of summaries) console.log(line);
process.exit(failed ? 1 : 0);
