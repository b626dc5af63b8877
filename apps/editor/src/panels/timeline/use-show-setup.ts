import { useEffect } from 'react';
import { subscribe } from 'valtio';
import type { EditorContext } from '../../actions/context';
import { logger } from '../../services/logger';
import { syncServerClock } from '../../services/server-clock';
import { damageMessage, findTimelineDamage } from './timeline-repair';

/**
 * What a show needs once per editor: the server's clock (for transports and cues), and, once the
 * live document is open, removes corrupted timeline data (keyframes of deleted layers or
 * scenes, placements of deleted scenes) in one edit and says what it removed. Viewers only look.
 */
export function useShowSetup(ctx: EditorContext): void {
  // The show's clock: measured once per editor, before anyone presses Play or GO.
  useEffect(() => void syncServerClock(), []);
  useEffect(() => {
    let done = false;
    const check = () => {
      const project = ctx.store.project;
      if (done || !ctx.store.docReady || !project) return;
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
