import { EVENTS } from '../services/event-bus';
import { editorBus } from '../services/editor-bus';
import type { Action } from './action';
import { selectedLayer } from './context';
import type { EditorContext } from './context';
import { CODE_LAYER_TYPES } from './add-actions';

export const viewActions: readonly Action<EditorContext>[] = [
  {
    id: 'view.palette',
    viewer: true,
    label: 'Command palette',
    group: 'view',
    icon: '⌘',
    shortcuts: ['Mod+K'],
    whileTyping: true,
    keywords: ['search', 'commands'],
    enabled: () => true,
    perform: (ctx) => {
      ctx.store.overlay = ctx.store.overlay === 'palette' ? 'none' : 'palette';
    },
  },
  {
    id: 'help.shortcuts',
    viewer: true,
    label: 'Keyboard shortcuts',
    group: 'help',
    icon: '?',
    shortcuts: ['?'],
    keywords: ['help', 'keys'],
    enabled: () => true,
    perform: (ctx) => {
      ctx.store.overlay = ctx.store.overlay === 'shortcuts' ? 'none' : 'shortcuts';
    },
  },
  {
    id: 'code.open',
    viewer: true,
    label: 'Open code editor',
    group: 'layer',
    icon: '{ }',
    shortcuts: ['Mod+E'],
    keywords: ['shader', 'html', 'p5', 'glsl', 'source'],
    enabled: (ctx) => {
      const layer = selectedLayer(ctx);
      return layer !== null && CODE_LAYER_TYPES.has(layer.type);
    },
    perform: (ctx) => {
      const layer = selectedLayer(ctx);
      if (layer) ctx.store.codeLayerId = layer.id;
    },
  },
  {
    id: 'view.toggle-timeline',
    viewer: true,
    label: 'Show or hide the timeline',
    group: 'view',
    icon: '⏱',
    shortcuts: ['T'],
    keywords: ['drawer', 'keyframes', 'animation'],
    enabled: () => true,
    // Spec section 2: the drawer is toggled by an event; the workspace listens for it.
    perform: () => editorBus.emit(EVENTS.toggleTimeline),
  },
  {
    id: 'view.toggle-left',
    viewer: true,
    label: 'Show or hide the left dock',
    group: 'view',
    shortcuts: ['Mod+['],
    enabled: () => true,
    perform: (ctx) => {
      ctx.session.leftCollapsed = !ctx.session.leftCollapsed;
    },
  },
  {
    id: 'view.toggle-right',
    viewer: true,
    label: 'Show or hide the inspector',
    group: 'view',
    shortcuts: ['Mod+]'],
    enabled: () => true,
    perform: (ctx) => {
      ctx.session.rightCollapsed = !ctx.session.rightCollapsed;
    },
  },
  {
    id: 'view.layers-tab',
    viewer: true,
    label: 'Layers panel',
    group: 'view',
    enabled: () => true,
    perform: (ctx) => {
      ctx.session.leftTab = 'layers';
      ctx.session.leftCollapsed = false;
    },
  },
  {
    id: 'view.scenes-tab',
    viewer: true,
    label: 'Scenes panel',
    group: 'view',
    enabled: () => true,
    perform: (ctx) => {
      ctx.session.leftTab = 'scenes';
      ctx.session.leftCollapsed = false;
    },
  },
  {
    id: 'view.assets-tab',
    viewer: true,
    label: 'Assets panel',
    group: 'view',
    enabled: () => true,
    perform: (ctx) => {
      ctx.session.leftTab = 'assets';
      ctx.session.leftCollapsed = false;
    },
  },
];
