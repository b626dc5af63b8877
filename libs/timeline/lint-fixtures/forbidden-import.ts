// Must fail lint: libs/timeline may import nothing internal (design.md section 1).
// tools/lint-boundaries.test.ts lints this file and expects the boundary error.
import { CLOSE_DISTANCE_PX } from '@beamstage/layers';

export const leaked = CLOSE_DISTANCE_PX;
