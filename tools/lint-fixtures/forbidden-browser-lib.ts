// Must fail lint: tools' shipped scripts run in Node, so they never import a browser library
// (design.md section 1, "runs in"); the scope table allows render-core, the runs: rule refuses it.
// nx-ignore-next-line
import { cornersToMatrix3d } from '@beamstage/render-core';

export const leaked = cornersToMatrix3d;
