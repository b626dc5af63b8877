// Click selection in the layers panel: plain click selects one, Ctrl/Cmd toggles one, Shift
// selects the range from the anchor (the last plain or toggled click) to the clicked row.

export interface LayerSelection {
  /** Selected ids in draw order (front first). */
  readonly ids: readonly string[];
  /** The primary selection (inspector, presence, single-layer actions); the last row clicked in. */
  readonly primary: string | null;
  /** Where a Shift range starts. */
  readonly anchor: string | null;
}

export interface ClickModifiers {
  readonly shift: boolean;
  /** Ctrl, or Cmd on a Mac. */
  readonly toggle: boolean;
}

export const EMPTY_SELECTION: LayerSelection = { ids: [], primary: null, anchor: null };

const inOrder = (order: readonly string[], ids: ReadonlySet<string>) => order.filter((id) => ids.has(id));

/** The selection after clicking `clicked` with `mods`; `order` is the list in draw order. */
export function clickSelect(order: readonly string[], current: LayerSelection, clicked: string, mods: ClickModifiers): LayerSelection {
  if (!order.includes(clicked)) return current;
  const anchor =
    current.anchor && order.includes(current.anchor) ? current.anchor : current.primary && order.includes(current.primary) ? current.primary : null;
  if (mods.shift && anchor) {
    const a = order.indexOf(anchor);
    const b = order.indexOf(clicked);
    const range = order.slice(Math.min(a, b), Math.max(a, b) + 1);
    const ids = new Set(mods.toggle ? [...current.ids, ...range] : range);
    return { ids: inOrder(order, ids), primary: clicked, anchor };
  }
  if (mods.toggle) {
    const ids = new Set(current.ids);
    if (ids.has(clicked)) {
      ids.delete(clicked);
      const left = inOrder(order, ids);
      const primary = current.primary && ids.has(current.primary) ? current.primary : (left.at(-1) ?? null);
      return { ids: left, primary, anchor: clicked };
    }
    ids.add(clicked);
    return { ids: inOrder(order, ids), primary: clicked, anchor: clicked };
  }
  return { ids: [clicked], primary: clicked, anchor: clicked };
}

/** Drops ids no longer in the list (a layer deleted by anyone); the primary falls back to the last left. */
export function pruneSelection(order: readonly string[], current: LayerSelection): LayerSelection {
  const present = new Set(order);
  const ids = current.ids.filter((id) => present.has(id));
  if (ids.length === current.ids.length && (!current.primary || present.has(current.primary))) return current;
  const primary = current.primary && present.has(current.primary) ? current.primary : (ids.at(-1) ?? null);
  return { ids, primary, anchor: current.anchor && present.has(current.anchor) ? current.anchor : primary };
}
