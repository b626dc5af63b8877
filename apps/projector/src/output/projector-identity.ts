/** This projector's id and operator-set label, kept in the browser. */

const ID_KEY = 'beamstage-projector-id';
const LABEL_KEY = 'beamstage-projector-label';
export const DEFAULT_LABEL = 'Projector 1';

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const safe = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback; // storage refused (private mode, sandbox): the projector still works
  }
};

/**
 * The id survives reloads of this tab (sessionStorage), so a reload is the same projector; two
 * windows of one browser are two projectors. The label is per id in localStorage, falling back to
 * the label last set on this machine, then to "Projector 1"; `?label=` in the address sets it.
 */
export function projectorIdentity(session: StorageLike, local: StorageLike, search: string, random: () => string) {
  let id = safe(() => session.getItem(ID_KEY), null);
  if (!id) {
    id = `prj_${random()}`;
    safe(() => session.setItem(ID_KEY, id!), undefined);
  }
  const fromUrl = new URLSearchParams(search).get('label');
  const label = fromUrl || safe(() => local.getItem(`${LABEL_KEY}:${id}`) ?? local.getItem(LABEL_KEY), null) || DEFAULT_LABEL;
  return {
    id,
    label,
    saveLabel(next: string) {
      safe(() => {
        local.setItem(`${LABEL_KEY}:${id}`, next);
        local.setItem(LABEL_KEY, next);
      }, undefined);
    },
  };
}

export type ProjectorIdentity = ReturnType<typeof projectorIdentity>;
