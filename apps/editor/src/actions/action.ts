import type { Shortcut } from './shortcut';

/** Where an action shows up in menus, the palette and the `?` panel. */
export type ActionGroup = 'edit' | 'layer' | 'add' | 'view' | 'file' | 'timeline' | 'output' | 'help';

export const ACTION_GROUP_LABELS: Readonly<Record<ActionGroup, string>> = {
  edit: 'Edit',
  layer: 'Layer',
  add: 'Add layer',
  view: 'View',
  file: 'File',
  timeline: 'Timeline',
  output: 'Output',
  help: 'Help',
};

/**
 * One command a user can give (design.md section 8): the toolbar, menus, context menu, keyboard,
 * tooltips, the `?` panel and the Ctrl/Cmd+K palette are all views of these.
 * `C` is the context the editor hands every action (see ./context.ts).
 */
export interface Action<C> {
  /** Unique, stable, kebab-case: 'layer.duplicate'. */
  readonly id: string;
  readonly label: string;
  readonly group: ActionGroup;
  /** A short glyph for buttons and menus. */
  readonly icon?: string;
  /** Every chord that runs it; the first is the one shown in tooltips. */
  readonly shortcuts?: readonly Shortcut[];
  /**
   * Runs even while typing in a field (Ctrl/Cmd+S saves from anywhere). Default false: keys are
   * ignored while typing in inputs, text areas or editable content (spec section 5).
   */
  readonly whileTyping?: boolean | ((target: EventTarget | null) => boolean);
  /** Kept out of the palette (e.g. nudges: 12 near-identical rows help nobody). */
  readonly hiddenInPalette?: boolean;
  /** Extra words the palette matches ('copy' finds Duplicate). */
  readonly keywords?: readonly string[];
  /** Whether the action can run now; a disabled action's key does nothing and reaches nothing. */
  enabled(ctx: C): boolean;
  perform(ctx: C): void | Promise<void>;
  /**
   * Also for someone who may only view the project: it writes nothing to the document (views,
   * selection, preview playback, exports, the Share list). Unset: the action writes, and a
   * view-only editor shows it disabled with the reason (./view-only.ts gates every such action).
   */
  readonly viewer?: boolean;
  /** Why the action cannot run now, in words for its tooltip; null or absent when no reason is known. */
  disabledReason?(ctx: C): string | null;
}
