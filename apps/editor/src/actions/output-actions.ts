import type { OutputOp } from '@beamstage/sync';
import { blackoutAllOp } from '../panels/outputs/outputs-model';
import { sendOutputCommand } from '../panels/outputs/outputs-link';
import type { Action } from './action';
import { canEdit, type EditorContext } from './context';

/** Output commands need write access and a live room with at least one projector in it. */
const canSend = (ctx: EditorContext) => canEdit(ctx) && ctx.store.docReady && ctx.store.outputs.length > 0;

const send = (ctx: EditorContext, op: OutputOp) => {
  if (!sendOutputCommand(ctx.store, op)) ctx.toast('Output commands need the live connection', 'error');
};

/** Output control: every projector of the project at once; per projector in the outputs panel. */
export const outputActions: readonly Action<EditorContext>[] = [
  {
    id: 'view.outputs-tab',
    viewer: true,
    label: 'Outputs panel',
    group: 'view',
    icon: '⎚',
    keywords: ['projector', 'projectors', 'display'],
    enabled: () => true,
    perform: (ctx) => {
      ctx.session.leftTab = 'outputs';
      ctx.session.leftCollapsed = false;
    },
  },
  {
    id: 'output.blackout-all',
    label: 'Blackout all outputs',
    group: 'output',
    icon: '■',
    shortcuts: ['B'],
    keywords: ['black', 'projector', 'cut'],
    enabled: canSend,
    perform: (ctx) => send(ctx, blackoutAllOp(ctx.store.outputs, 0)),
  },
  {
    id: 'output.fade-all',
    label: 'Fade all outputs to black (or back)',
    group: 'output',
    icon: '◐',
    keywords: ['blackout', 'projector'],
    enabled: canSend,
    perform: (ctx) => send(ctx, blackoutAllOp(ctx.store.outputs, ctx.store.outputFadeMs)),
  },
  {
    id: 'output.patterns-off',
    label: 'Test patterns off',
    group: 'output',
    keywords: ['grid', 'crosshair', 'projector'],
    enabled: (ctx) => canSend(ctx) && ctx.store.outputs.some((o) => o.pattern !== null),
    perform: (ctx) => send(ctx, { op: 'pattern', pattern: null }),
  },
  {
    id: 'output.identify-all',
    label: 'Identify outputs',
    group: 'output',
    keywords: ['projector', 'label', 'which'],
    enabled: canSend,
    perform: (ctx) => send(ctx, { op: 'identify' }),
  },
];
