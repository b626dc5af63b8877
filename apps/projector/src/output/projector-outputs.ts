import type { ProjectJson } from '@beamstage/layers';
import type { OfflineState, OutputOp, ProjectorPresence } from '@beamstage/sync/browser';
import { whiteThroughMasks } from './masks-pattern';
import { installOperatorOverlay, startFullscreenIfAsked } from './operator-overlay';
import { createOutputOverlay, outputResolution } from './output-overlay';
import { applyOutputOp, initialOutputState, isBlackedOut, type OutputState } from './output-state';
import { startPerfMeter } from './perf-meter';
import { projectorIdentity } from './projector-identity';

/** The projector app's version, shown in the operator overlay and announced to the editor. */
export const PROJECTOR_VERSION = '0.1.0';

let whitePng = '';
/** A small white PNG: the white layer of the 'masks' pattern, stretched to the canvas. */
const white = (): string => {
  if (whitePng) return whitePng;
  const c = document.createElement('canvas');
  c.width = c.height = 4;
  const ctx = c.getContext('2d');
  if (ctx) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 4, 4);
  }
  whitePng = c.toDataURL('image/png');
  return whitePng;
};

export interface ProjectorOutputsOptions {
  /** Draws a project on the stage. */
  draw: (project: ProjectJson) => void;
  /** The live connection's status for the operator overlay. */
  connection: () => string;
}

/**
 * Everything the venue controls on this projector: blackout and fades, test patterns,
 * identify, label, the operator overlay (H) and what the projector announces to the editor.
 * Commands arrive through `apply` (from the live room's ephemeral channel, ./output-control.ts).
 */
export function createProjectorOutputs(options: ProjectorOutputsOptions) {
  const identity = projectorIdentity(sessionStorage, localStorage, window.location.search, () => Math.random().toString(36).slice(2, 10));
  const now = () => performance.now();
  let state: OutputState = initialOutputState(identity.label);
  let shown: ProjectJson | null = null;
  /** What the stage draws: the project, or white through its masks while that pattern shows. */
  const transform = (project: ProjectJson): ProjectJson => (state.pattern === 'masks' ? whiteThroughMasks(project, white()) : project);
  let offline: OfflineState = 'off';
  let notCached: string[] = [];
  const changed = new Set<() => void>();
  const overlay = createOutputOverlay(document.body, now);
  const perf = startPerfMeter();
  installOperatorOverlay(document.body, () => [
    { name: 'label', value: state.label },
    { name: 'connection', value: options.connection() },
    { name: 'fps', value: perf.fps().toFixed(1) },
    { name: 'status', value: perf.status() },
    {
      name: 'output',
      value: `${outputResolution().width}x${outputResolution().height}${isBlackedOut(state) ? ', blacked out' : ''}${state.pattern ? `, pattern ${state.pattern}` : ''}`,
    },
    { name: 'offline', value: offline + (notCached.length ? ` (not cached: ${notCached.join(', ')})` : '') },
    { name: 'version', value: PROJECTOR_VERSION },
  ]);
  startFullscreenIfAsked(window.location.search);
  overlay.show(state);

  return {
    id: identity.id,
    /** Draws the project (kept, so a pattern change can draw it again). */
    show(project: ProjectJson) {
      shown = project;
      options.draw(transform(project));
    },
    apply(op: OutputOp) {
      const before = state.pattern;
      const result = applyOutputOp(state, op, now());
      if (result.reload) {
        window.location.reload();
        return;
      }
      state = result.state;
      if (op.op === 'label') identity.saveLabel(op.label);
      overlay.show(state);
      if (shown && (before === 'masks') !== (state.pattern === 'masks')) options.draw(transform(shown));
      for (const fn of changed) fn();
    },
    setOffline(next: OfflineState, skipped: string[]) {
      offline = next;
      notCached = skipped;
      for (const fn of changed) fn();
    },
    presence(): ProjectorPresence {
      const { width, height } = outputResolution();
      return {
        kind: 'projector',
        projectorId: identity.id,
        label: state.label,
        width,
        height,
        fps: Math.round(perf.fps() * 10) / 10,
        status: perf.status(),
        blackout: isBlackedOut(state),
        pattern: state.pattern,
        offline,
        notCached: notCached.slice(0, 50),
        version: PROJECTOR_VERSION,
      };
    },
    /** Called when what the projector announces changed (a command, the offline cache). */
    onChange(fn: () => void) {
      changed.add(fn);
      return () => changed.delete(fn);
    },
  };
}

export type ProjectorOutputs = ReturnType<typeof createProjectorOutputs>;
