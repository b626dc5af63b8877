/**
 * The users rows authenticated requests need (id, plan, e-mail, name), kept by token subject so
 * a signed-in request costs no database read (design.md section 4: every request is still
 * authorised against the database's state, which this copy follows). A row leaves the cache the
 * moment it changes: the database announces every change and deletion of a users row on
 * USER_CHANGES_CHANNEL (a trigger, so writes from anywhere count: a Stripe webhook, another
 * instance, an administrator's SQL), and this process's own plan-changing writes also drop it
 * themselves once committed. A read that began before a change is never stored after it.
 */
export const USER_CHANGES_CHANNEL = 'beamstage_user_changes';

export interface UserCache<T> {
  get(sub: string): T | undefined;
  /** A token for `set`: take it before reading the row. */
  stamp(sub: string): number;
  /** Stores the row read after `stamp`, unless the user changed (or the cache was cleared) since. */
  set(sub: string, value: T, stamp: number): void;
  forget(sub: string): void;
  /** Drops everything (notifications may have been missed, or many rows changed). */
  clear(): void;
  readonly size: number;
}

export function createUserCache<T>(max = 10_000): UserCache<T> {
  const rows = new Map<string, T>();
  /** Bumped per subject on every forget; `epoch` on every clear. */
  const changed = new Map<string, number>();
  let counter = 0;
  let epoch = 0;
  return {
    get: (sub) => rows.get(sub),
    stamp: (sub) => Math.max(epoch, changed.get(sub) ?? 0),
    set(sub, value, stamp) {
      if (stamp !== Math.max(epoch, changed.get(sub) ?? 0)) return;
      // The oldest entry goes first: a Map iterates in insertion order.
      if (rows.size >= max && !rows.has(sub)) rows.delete(rows.keys().next().value as string);
      rows.set(sub, value);
    },
    forget(sub) {
      rows.delete(sub);
      changed.set(sub, ++counter);
      // The marks only need to outlive reads in flight: keep the map from growing without end.
      if (changed.size > max) {
        changed.clear();
        epoch = ++counter;
      }
    },
    clear() {
      rows.clear();
      changed.clear();
      epoch = ++counter;
    },
    get size() {
      return rows.size;
    },
  };
}
