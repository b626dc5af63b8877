// Modal keyboard shortcuts (spec section 2). The model handles what it can; the rest is returned
// as an effect for the shell (closing the modal, asking before clear all).
import { BRUSH_SIZE_KEY_STEP_PX } from './constants';
import type { MaskModel } from './model';

export interface MaskKeyInput {
  readonly key: string;
  readonly ctrlKey?: boolean;
  readonly metaKey?: boolean;
  readonly shiftKey?: boolean;
  /** True when focus is in a text input, text area or editable content: shortcuts are ignored. */
  readonly editableTarget?: boolean;
}

/** What a key press did: ignored, handled by the model, or an effect the shell must carry out. */
export type MaskKeyResult = 'ignored' | 'handled' | 'close' | 'confirmClearAll';

/** One shortcut row for the help panel and the tooltips. */
export interface MaskShortcut {
  readonly keys: string;
  readonly action: string;
}

export const MASK_SHORTCUTS: readonly MaskShortcut[] = [
  { keys: 'P', action: 'Pen tool' },
  { keys: 'B', action: 'Brush tool' },
  { keys: 'E', action: 'Eraser' },
  { keys: '[ / ]', action: 'Brush size -2 / +2' },
  { keys: 'Enter', action: 'Close Path' },
  { keys: 'Ctrl/Cmd+Z', action: 'Undo' },
  { keys: 'Ctrl+Y or Ctrl+Shift+Z', action: 'Redo' },
  { keys: 'Ctrl+0', action: 'Reset View' },
  { keys: 'Delete / Backspace', action: 'Clear all' },
  { keys: 'Esc', action: 'Close' },
  { keys: 'Wheel', action: 'Zoom around the pointer' },
  { keys: 'Middle drag or Ctrl+drag', action: 'Pan' },
];

/** Applies a shortcut to the model; returns what happened. */
export function handleMaskKey(model: MaskModel, input: MaskKeyInput): MaskKeyResult {
  if (input.editableTarget) return 'ignored';
  const mod = Boolean(input.ctrlKey || input.metaKey);
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  if (mod) {
    if (key === 'z' && input.shiftKey) return (model.redo(), 'handled');
    if (key === 'z') return (model.undo(), 'handled');
    if (key === 'y') return (model.redo(), 'handled');
    if (key === '0') return (model.resetView(), 'handled');
    return 'ignored';
  }
  switch (key) {
    case 'p':
      return (model.setTool('pen'), 'handled');
    case 'b':
      return (model.setTool('brush'), 'handled');
    case 'e':
      return (model.setTool('eraser'), 'handled');
    case '[':
      return (model.setBrushSize(model.getState().brushSize - BRUSH_SIZE_KEY_STEP_PX), 'handled');
    case ']':
      return (model.setBrushSize(model.getState().brushSize + BRUSH_SIZE_KEY_STEP_PX), 'handled');
    case 'Enter':
      return model.closePath() ? 'handled' : 'ignored';
    case 'Delete':
    case 'Backspace':
      return model.getState().hasContent || model.getState().currentPath ? 'confirmClearAll' : 'ignored';
    case 'Escape':
      return 'close';
    default:
      return 'ignored';
  }
}
