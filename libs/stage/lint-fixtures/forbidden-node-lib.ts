// Must fail lint: libs/stage runs in the browser, so it never imports a node-only project (design.md
// section 1, "runs in"); tools/testing (Node: PostgreSQL, child processes) stands for any of them.
// tools/lint-boundaries.test.ts lints this file and expects the runs:browser constraint's error.
// nx-ignore-next-line
import { freePort } from '@beamstage/testing/free-port';

export const leaked = freePort;
