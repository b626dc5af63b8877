/* eslint-disable @nx/enforce-module-boundaries -- a stranger's file imports the package by its name, as it is installed */
// Must NOT type-check: proves the consumer really gets types (an `any` would let both lines pass).
import { createRenderer } from '@beamstage/render-core';
import type { RenderDescription } from '@beamstage/render-core';

export const wrongWidth: RenderDescription = { width: '800', height: 600, background: '#000', items: [] };
export const wrongCanvas = createRenderer(42);
