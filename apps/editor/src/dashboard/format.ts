const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago", then a date. */
export function relativeTime(iso: string, nowMs: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const ago = Math.max(0, nowMs - then);
  if (ago < MINUTE_MS) return 'just now';
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;
  if (ago < HOUR_MS) return plural(Math.floor(ago / MINUTE_MS), 'minute');
  if (ago < DAY_MS) return plural(Math.floor(ago / HOUR_MS), 'hour');
  if (ago < 7 * DAY_MS) return plural(Math.floor(ago / DAY_MS), 'day');
  return new Date(then).toLocaleDateString('en', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A stable pair of hues for a project's placeholder artwork. */
export function projectHues(id: string): [number, number] {
  let h = 2166136261;
  for (let i = 0; i < id.length; i += 1) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  const a = (h >>> 0) % 360;
  return [a, (a + 70 + ((h >>> 9) % 90)) % 360];
}
