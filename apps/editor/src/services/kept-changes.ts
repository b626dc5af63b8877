// A REST save names what it did not apply (`kept`: the server held a newer value than the save's
// base revision, and a field changed since the base wins). The user hears which of their changes
// those were, instead of a silent "Project saved".
import type { KeptChange } from '../api/client';

/** How a kept field is named to the user, by its path in the project JSON. */
const FIELD_LABELS: Record<string, string> = {
  'metadata.name': 'the project name',
  'metadata.description': 'the project description',
  canvas: 'the canvas',
  warpPoints: 'the warp points',
};

/** How an entity of each list is named: `layer "Logo"`. */
const LIST_LABELS: Record<string, string> = {
  layers: 'layer',
  scenes: 'scene',
  assets: 'asset',
  'timeline.keyframes': 'keyframe',
  'timeline.timelineScenes': 'timeline scene',
  'timeline.markers': 'marker',
  'timeline.sceneTransitions': 'scene transition',
};

/** The user's words for one kept part: `the project name`, `layer "Logo"`, `the timeline's fps`. */
export function keptLabel(change: KeptChange): string {
  const list = LIST_LABELS[change.path];
  if (list) return `${list} "${change.name ?? change.id ?? '?'}"`;
  const field = FIELD_LABELS[change.path];
  if (field) return field;
  const [root, key] = change.path.split('.');
  if (root === 'timeline' && key) return `the timeline's ${key}`;
  if (root === 'metadata' && key) return `the project's ${key}`;
  return change.path;
}

/** The toast after a save some of whose changes did not apply; null when all applied. */
export function keptChangesToast(kept: readonly KeptChange[] | undefined): string | null {
  if (!kept || kept.length === 0) return null;
  const names = [...new Set(kept.map(keptLabel))];
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `Saved, but someone else changed ${listed} after you opened the project: your changes to ${names.length === 1 ? 'it' : 'them'} did not apply`;
}
