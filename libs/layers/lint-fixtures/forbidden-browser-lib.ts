// Must fail lint: libs/layers runs anywhere (the api merges projects with it in Node), so it never
// imports a browser library (design.md section 1, "runs in"), even one a browser app may use.
// tools/lint-boundaries.test.ts lints this file and expects the runs:anywhere constraint's error.
// nx-ignore-next-line
import { cornersToMatrix3d } from '@beamstage/render-core';

export const leaked = cornersToMatrix3d;
