// Must fail lint: the player is the projector's sibling and never pulls in the editor's UI kit
// (tools/lint-boundaries.test.ts checks that this file is refused).
import { Button } from '@beamstage/ui';

export const forbidden = Button;
