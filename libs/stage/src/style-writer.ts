/**
 * Writes inline styles only when their value changes, and counts the writes: DOM layers that did
 * not change cost no style work (design.md section 5, bench:dom checks the count).
 */
export class StyleWriter {
  writes = 0;
  private readonly last = new WeakMap<HTMLElement, Map<string, string>>();

  set(el: HTMLElement, property: string, value: string): void {
    let map = this.last.get(el);
    if (!map) {
      map = new Map();
      this.last.set(el, map);
    }
    if (map.get(property) === value) return;
    map.set(property, value);
    el.style.setProperty(property, value);
    this.writes += 1;
  }
}
