import type { TimerHandle } from '@beamstage/timeline';
import type { StageClock } from './clock';

/** Spec section 9: at most 10 live HTML layers. */
export const HTML_LAYER_MAX = 10;
/** Memory warning at 20 MB. */
export const HTML_MEMORY_WARNING_MB = 20;
/** Staged thresholds: layers (warn, hide, remove) and memory (hide, remove). */
export const HTML_STAGE_LAYERS = { warn: 5, hide: 7, remove: 10 } as const;
export const HTML_STAGE_MEMORY_MB = { hide: 25, remove: 40 } as const;
/** Per-layer memory estimate bounds. */
export const HTML_LAYER_MIN_MB = 2;
export const HTML_LAYER_MAX_MB = 15;
/** A layer without activity for 5 minutes counts as inactive. */
export const HTML_INACTIVE_MS = 5 * 60_000;
export const HTML_ACTIVITY_CHECK_MS = 10_000;
export const HTML_PERIODIC_CHECK_MS = 30_000;
/** Shares of the live layers hidden and removed at the hide and remove stages. */
export const HTML_HIDE_SHARE = 0.2;
export const HTML_REMOVE_SHARE = 0.3;

export type HtmlStage = 'normal' | 'warn' | 'hide' | 'remove';

export interface HtmlLayerReport {
  count: number;
  memoryMb: number;
  stage: HtmlStage;
  memoryWarning: boolean;
  inactive: string[];
  /** What cleanup did (empty while cleanup is off: monitor only). */
  hidden: string[];
  removed: string[];
}

export interface HtmlLayerManagerOptions {
  clock: StageClock;
  /** Off by default (spec section 4): the manager only reports. */
  cleanupEnabled?: boolean;
  onReport?: (report: HtmlLayerReport) => void;
  onHide?: (ids: string[]) => void;
  onRemove?: (ids: string[]) => void;
}

/** Estimated memory of one HTML layer: 2 MB plus 1 MB per 8 KB of markup, at most 15 MB. */
export function estimateHtmlLayerMb(htmlChars: number): number {
  return Math.min(HTML_LAYER_MAX_MB, HTML_LAYER_MIN_MB + Math.floor(Math.max(0, htmlChars) / 8192));
}

/** The stage of spec section 4's staged thresholds for a count and memory figure. */
export function htmlStageFor(count: number, memoryMb: number): HtmlStage {
  if (count > HTML_STAGE_LAYERS.remove || memoryMb > HTML_STAGE_MEMORY_MB.remove) return 'remove';
  if (count > HTML_STAGE_LAYERS.hide || memoryMb > HTML_STAGE_MEMORY_MB.hide) return 'hide';
  if (count > HTML_STAGE_LAYERS.warn || memoryMb > HTML_MEMORY_WARNING_MB) return 'warn';
  return 'normal';
}

interface Entry {
  id: string;
  mb: number;
  lastActive: number;
  hidden: boolean;
}

/**
 * The HTML layer manager (spec sections 4 and 9): admits at most 10 live HTML layers, estimates
 * their memory, and every 30 s reports the staged level; with cleanup on (off by default) it
 * hides about 20% (least recently active first) above 7 layers and removes about 30% above 10.
 */
export class HtmlLayerManager {
  private readonly entries = new Map<string, Entry>();
  private periodic: TimerHandle | null = null;
  private activity: TimerHandle | null = null;
  private inactive = new Set<string>();

  constructor(private readonly options: HtmlLayerManagerOptions) {}

  /** Starts the periodic and activity checks. */
  start(): void {
    const { clock } = this.options;
    const periodic = () => {
      this.check();
      this.periodic = clock.setTimeout(periodic, HTML_PERIODIC_CHECK_MS);
    };
    const activity = () => {
      this.checkActivity();
      this.activity = clock.setTimeout(activity, HTML_ACTIVITY_CHECK_MS);
    };
    this.periodic = clock.setTimeout(periodic, HTML_PERIODIC_CHECK_MS);
    this.activity = clock.setTimeout(activity, HTML_ACTIVITY_CHECK_MS);
  }

  stop(): void {
    if (this.periodic !== null) this.options.clock.clearTimeout(this.periodic);
    if (this.activity !== null) this.options.clock.clearTimeout(this.activity);
    this.periodic = this.activity = null;
  }

  /** Registers a live HTML layer; false (and nothing registered) when 10 are already live. */
  admit(id: string, htmlChars: number): boolean {
    const existing = this.entries.get(id);
    if (existing) {
      existing.mb = estimateHtmlLayerMb(htmlChars);
      return true;
    }
    if (this.entries.size >= HTML_LAYER_MAX) return false;
    this.entries.set(id, { id, mb: estimateHtmlLayerMb(htmlChars), lastActive: this.options.clock.now(), hidden: false });
    return true;
  }

  release(id: string): void {
    this.entries.delete(id);
    this.inactive.delete(id);
  }

  /** The layer did something (a heartbeat with activity, a message, an edit). */
  touch(id: string): void {
    const e = this.entries.get(id);
    if (e) e.lastActive = this.options.clock.now();
    this.inactive.delete(id);
  }

  isLive(id: string): boolean {
    return this.entries.has(id);
  }

  count(): number {
    return this.entries.size;
  }

  memoryMb(): number {
    let mb = 0;
    for (const e of this.entries.values()) mb += e.mb;
    return mb;
  }

  /** Marks layers idle for 5 minutes as inactive. */
  checkActivity(): string[] {
    const now = this.options.clock.now();
    this.inactive = new Set([...this.entries.values()].filter((e) => now - e.lastActive >= HTML_INACTIVE_MS).map((e) => e.id));
    return [...this.inactive];
  }

  /** The periodic check: reports, and cleans up only when cleanup is enabled. */
  check(): HtmlLayerReport {
    const count = this.entries.size;
    const memoryMb = this.memoryMb();
    const stage = htmlStageFor(count, memoryMb);
    const hidden: string[] = [];
    const removed: string[] = [];
    if (this.options.cleanupEnabled && (stage === 'hide' || stage === 'remove')) {
      // Least recently active first, inactive before active.
      const order = [...this.entries.values()].sort((a, b) => a.lastActive - b.lastActive);
      if (stage === 'remove') {
        for (const e of order.slice(0, Math.ceil(count * HTML_REMOVE_SHARE))) removed.push(e.id);
        for (const id of removed) this.release(id);
        if (removed.length) this.options.onRemove?.(removed);
      } else {
        for (const e of order.filter((x) => !x.hidden).slice(0, Math.ceil(count * HTML_HIDE_SHARE))) {
          e.hidden = true;
          hidden.push(e.id);
        }
        if (hidden.length) this.options.onHide?.(hidden);
      }
    }
    const report: HtmlLayerReport = {
      count: this.entries.size,
      memoryMb,
      stage,
      memoryWarning: memoryMb > HTML_MEMORY_WARNING_MB,
      inactive: [...this.inactive],
      hidden,
      removed,
    };
    this.options.onReport?.(report);
    return report;
  }
}
