// The playback of an open editor, on the browser's clock and animation frames. Every transport
// change goes to the projectors on the ephemeral channel (spec: projectors play the same show).
import { browserClock } from '@beamstage/stage';
import { TRANSPORT_MESSAGE } from '@beamstage/timeline';
import type { EditorContext } from '../actions/context';
import { createPlayback, playbackOf } from './playback';
import { serverNow } from './server-clock';
import type { Playback } from './playback';

export function editorPlayback(ctx: Pick<EditorContext, 'store' | 'live'>): Playback {
  return playbackOf(ctx.store, () =>
    createPlayback(ctx.store, {
      // Wall-clock readings (the transport's start) on the server's clock, as projectors read it.
      clock: { ...browserClock(), wallNow: serverNow },
      frames: { request: (cb) => requestAnimationFrame(cb), cancel: (id) => cancelAnimationFrame(id) },
      onTransport: (transport) => {
        const t = ctx.store.project?.timeline;
        ctx.live.broadcast({
          type: TRANSPORT_MESSAGE,
          transport,
          state: ctx.store.playback,
          timeline: t ? { playStartTime: t.playStartTime, playEndTime: t.playEndTime, loop: t.loop, fps: t.fps, duration: t.duration } : null,
        });
      },
    }),
  );
}
