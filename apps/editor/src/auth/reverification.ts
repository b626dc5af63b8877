// Destructive and billing actions ask for a fresh sign-in when the last one is older than the
// re-verification window (spec section 9's presets). The window is judged from
// the ID token's auth_time; a stale sign-in is renewed at the identity provider with max_age.

export type ReverificationPreset = 'strict_mfa' | 'strict' | 'moderate' | 'lax';

/** Spec section 9: the re-verification presets (window in minutes, and the factor asked for). */
export const REVERIFICATION_PRESETS: Readonly<
  Record<ReverificationPreset, { readonly minutes: number; readonly factor: 'multi-factor' | 'second-factor' | 'first-factor' }>
> = {
  strict_mfa: { minutes: 10, factor: 'multi-factor' },
  strict: { minutes: 10, factor: 'second-factor' },
  moderate: { minutes: 60, factor: 'first-factor' },
  lax: { minutes: 1440, factor: 'first-factor' },
};

/** The preset the studio uses for deleting a project and opening the billing portal. */
export const DEFAULT_REVERIFICATION: ReverificationPreset = 'moderate';

/** Where an action that waited for a fresh sign-in is remembered across the provider's redirect. */
export const PENDING_REVERIFIED_ACTION_KEY = 'beamstage:pending-reverified-action';

/**
 * True when a sign-in at `authTimeSec` (the ID token's auth_time, in seconds) is older than the
 * preset's window at `nowMs`; an unknown sign-in time always needs a fresh one.
 */
export function needsReverification(authTimeSec: unknown, nowMs: number, preset: ReverificationPreset = DEFAULT_REVERIFICATION): boolean {
  if (typeof authTimeSec !== 'number' || !Number.isFinite(authTimeSec)) return true;
  return nowMs - authTimeSec * 1000 > REVERIFICATION_PRESETS[preset].minutes * 60_000;
}

/**
 * The authorization parameters of the renewed sign-in: max_age 0 asks the provider for an
 * authentication made now (the sign-in it holds is already known to be too old for this action).
 */
export function reverificationParams(): { max_age: number } {
  return { max_age: 0 };
}

/** An action that waited for a fresh sign-in (kept across the provider's redirect in this tab only). */
export type PendingAction = { readonly kind: 'delete-project'; readonly id: string } | { readonly kind: 'billing-portal' };

/** The remembered action read back from storage; null when none or when it is not one we know. */
export function parsePendingAction(raw: string | null): PendingAction | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { kind?: unknown; id?: unknown } | null;
    if (value?.kind === 'delete-project' && typeof value.id === 'string') return { kind: 'delete-project', id: value.id };
    if (value?.kind === 'billing-portal') return { kind: 'billing-portal' };
    return null;
  } catch {
    return null;
  }
}
