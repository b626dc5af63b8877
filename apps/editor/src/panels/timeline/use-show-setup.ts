import { useEffect } from 'react';
import { subscribe } from 'valtio';
import type { EditorContext } from '../../actions/context';
import { logger } from '../../services/logger';
import { syncServerClock } from '../../services/server-clock';
import { damageMessage, findTimelineDamage } from './timeline-repair';

/**
 * What a show needs once per editor: the server's clock (for transports and cues), and, once the
 * live document is open (or real-time is off for good), removes corrupted timeline data (keyframes of deleted layers or
 * scenes, placements of deleted scenes) in one edit and says what it removed. Viewers only look.
 */
export function useShowSetup(ctx: EditorContext): void {
  // The show's clock: measured once per editor, before anyone presses Play or GO.
  useEffect(() => void syncServerClock(), []);
  useEffect(() => {
    let done = false;
    const check = () => {
      const project = ctx.store.project;
      // On the live document once it is open; over REST when real-time is off for good (the repair
      // then reaches the server as the spec's cleanup calls, services/server-cleanup.ts).
      if (done || !project || (!ctx.store.docReady && ctx.store.liveUnavailable === null)) return;
      done = true;
      if (ctx.store.viewOnly) return;
      const damage = findTimelineDamage(project);
      const message = damageMessage(damage);
      if (!message) return;
      ctx.live.edit({ kind: 'repair-timeline', ...damage });
      logger('timeline').warn(message);
      ctx.toast(message, 'info');
    };
    check();
    return subscribe(ctx.store, check);
  }, [ctx]);
}
