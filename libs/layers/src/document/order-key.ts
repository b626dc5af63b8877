// Fractional order keys (design.md section 2): each layer carries a string key, the list order is
// the keys' order, so concurrent reorders on two peers never duplicate or drop a layer.
// Digits are base 62 in ASCII order; a key never ends in the zero digit, so there is always
// room between two keys.

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ZERO = DIGITS[0]!;

/** True for a well-formed key: base-62 digits, not empty, not ending in the zero digit. */
export function isOrderKey(key: unknown): key is string {
  return typeof key === 'string' && key.length > 0 && key.length <= 512 && /^[0-9A-Za-z]+$/.test(key) && !key.endsWith(ZERO);
}

function midpoint(a: string, b: string | null): string {
  if (b !== null) {
    let n = 0;
    while ((a[n] ?? ZERO) === b[n]) n++;
    if (n > 0) return b.slice(0, n) + midpoint(a.slice(n), b.slice(n));
  }
  const da = a ? DIGITS.indexOf(a[0]!) : 0;
  const db = b !== null ? DIGITS.indexOf(b[0]!) : DIGITS.length;
  if (db - da > 1) return DIGITS[Math.round((da + db) / 2)]!;
  if (b !== null && b.length > 1) return b.slice(0, 1);
  return DIGITS[da]! + midpoint(a.slice(1), null);
}

/** A key strictly between a and b (null means the start or the end of the list). */
export function keyBetween(a: string | null, b: string | null): string {
  if (a !== null && b !== null && a >= b) throw new Error(`keyBetween: ${a} >= ${b}`);
  return midpoint(a ?? '', b);
}

/** n evenly spread, ordered keys of equal width, for a fresh list. */
export function evenKeys(n: number): string[] {
  let width = 1;
  while (DIGITS.length ** width < n + 2) width++;
  const step = Math.floor((DIGITS.length ** width - 1) / (n + 1));
  const keys: string[] = [];
  for (let i = 1; i <= n; i++) {
    let v = i * step;
    let s = '';
    for (let k = 0; k < width; k++) {
      s = DIGITS[v % DIGITS.length]! + s;
      v = Math.floor(v / DIGITS.length);
    }
    // Appending a non-zero digit keeps the order and rules out a trailing zero.
    keys.push(`${s}V`);
  }
  return keys;
}

/** Compares entries by order key, then id, so ties from concurrent inserts resolve the same everywhere. */
export function compareOrdered(a: { order: string; id: string }, b: { order: string; id: string }): number {
  if (a.order !== b.order) return a.order < b.order ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
