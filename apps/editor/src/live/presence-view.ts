/** Colours people get in presence (avatars, selection outlines): distinct on the dark stage. */
export const PRESENCE_COLORS = ['#7c5cff', '#22d3ee', '#ffb547', '#ff2e97', '#34d399', '#f87171', '#a3e635', '#60a5fa'] as const;

/** Up to two initials of a display name ("Ada Lovelace" -> "AL"); "?" when it has no letters or digits. */
export function initialsOf(name: string): string {
  const words = name
    .split(/\s+/)
    .map((w) => Array.from(w.replace(/[^\p{L}\p{N}]/gu, '')))
    .filter((w) => w.length > 0);
  const first = words[0]?.[0] ?? '';
  const second = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : (words[0]?.[1] ?? '');
  const initials = (first + second).toUpperCase();
  return initials || '?';
}

/** A stable colour per user id, so a person keeps their colour across sessions and pages. */
export function colorForUser(userId: string): string {
  let hash = 2166136261;
  for (let i = 0; i < userId.length; i += 1) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return PRESENCE_COLORS[(hash >>> 0) % PRESENCE_COLORS.length]!;
}
