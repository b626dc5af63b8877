import { ENTITY_LISTS, keyBetween, sortByOrder, type ProjectDoc } from '@beamstage/layers';

type OrderedMap = Record<string, { id: string; order: string }>;

/**
 * Gives the entries of `next` (built by toDoc with fresh even keys) the order keys they already
 * have in `current` when the save did not reorder them, and keys between their neighbours to new
 * entries. Without this every REST save would rewrite every order key, and a live peer's
 * concurrent reorder would then fight a reorder nobody made.
 */
function carryKeys(current: OrderedMap, next: OrderedMap): void {
  const wanted = sortByOrder(Object.values(next)).map((e) => e.id);
  const inBoth = new Set(wanted.filter((id) => id in current));
  const currentOrder = sortByOrder(Object.values(current))
    .map((e) => e.id)
    .filter((id) => inBoth.has(id));
  const keptOrder = wanted.filter((id) => inBoth.has(id));
  if (currentOrder.join('\u0000') !== keptOrder.join('\u0000')) return; // reordered: even keys stand
  // The key of the next kept entry after each position, for new entries placed before it.
  const nextKept: (string | null)[] = new Array(wanted.length).fill(null);
  let upcoming: string | null = null;
  for (let i = wanted.length - 1; i >= 0; i--) {
    nextKept[i] = upcoming;
    const id = wanted[i]!;
    if (inBoth.has(id)) upcoming = current[id]!.order;
  }
  const keys: string[] = [];
  let previous: string | null = null;
  try {
    wanted.forEach((id, i) => {
      const key = inBoth.has(id) ? current[id]!.order : keyBetween(previous, nextKept[i] ?? null);
      keys.push(key);
      previous = key;
    });
  } catch {
    return; // tied keys in the document leave no room between them: even keys stand
  }
  wanted.forEach((id, i) => void (next[id]!.order = keys[i]!));
}

/** Carries the document's order keys into a REST write's target document (in place). */
export function carryOrderKeys(current: ProjectDoc, next: ProjectDoc): void {
  const at = (doc: ProjectDoc, path: readonly string[]) => path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], doc) as OrderedMap;
  for (const { path } of ENTITY_LISTS) carryKeys(at(current, path), at(next, path));
}
