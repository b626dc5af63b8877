/** Where the quarantine list lives: the stage page's localStorage (or sessionStorage). */
export interface QuarantineStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const SHADER_QUARANTINE_KEY = 'beamstage:shader-quarantine';
/** At most this many hashes are kept; the oldest go first. */
export const SHADER_QUARANTINE_MAX = 100;

/** FNV-1a 32-bit hash of a shader's source, as 8 hex digits. */
export function shaderHash(source: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) {
    h ^= source.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * Shader quarantine (design.md section 4 rule 2): a shader that was running when the WebGL
 * context was lost is remembered by the hash of its source, so after a reload it is not run
 * again until the user edits it (an edit changes the hash).
 */
export class ShaderQuarantine {
  constructor(private readonly storage: QuarantineStorage | null) {}

  private read(): string[] {
    try {
      const raw = this.storage?.getItem(SHADER_QUARANTINE_KEY);
      const list: unknown = raw ? JSON.parse(raw) : [];
      return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
    } catch {
      return [];
    }
  }

  has(source: string): boolean {
    return this.read().includes(shaderHash(source));
  }

  add(source: string): void {
    const hash = shaderHash(source);
    const list = this.read().filter((h) => h !== hash);
    list.push(hash);
    try {
      this.storage?.setItem(SHADER_QUARANTINE_KEY, JSON.stringify(list.slice(-SHADER_QUARANTINE_MAX)));
    } catch {
      // Storage full or refused: the quarantine then lasts only for this page.
    }
  }

  remove(source: string): void {
    const hash = shaderHash(source);
    try {
      this.storage?.setItem(SHADER_QUARANTINE_KEY, JSON.stringify(this.read().filter((h) => h !== hash)));
    } catch {
      // As above.
    }
  }
}
