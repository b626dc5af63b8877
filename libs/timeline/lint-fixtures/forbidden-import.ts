// Must fail lint: libs/timeline may import nothing internal (design.md section 1).
// tools/lint-boundaries.test.ts lints this file and expects the boundary error.
// nx-ignore-next-line keeps this deliberate import out of Nx's project graph only, so it does not
// make a timeline -> layers edge (a cycle once layers imports timeline); the lint rule still bites.
// nx-ignore-next-line
import { CLOSE_DISTANCE_PX } from '@beamstage/layers';

export const leaked = CLOSE_DISTANCE_PX;
