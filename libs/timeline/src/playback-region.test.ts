import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createManualClock } from './clock';
import { createPlaybackEngine } from './playback-engine';
import { createEmptyTimelineData } from './timeline-data';
import { kf } from './testing';

const FUZZ_RUNS = Number(process.env['FUZZ_RUNS'] ?? 100);

type Step = { kind: 'tick'; ms: number } | { kind: 'seek'; to: number } | { kind: 'pause' } | { kind: 'play' };

describe('playback stays in its play region (property)', () => {
  it('while playing, time is always within [play start, the smaller of play end and content end]', () => {
    const step: fc.Arbitrary<Step> = fc.oneof(
      { weight: 8, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: fc.double({ min: 0, max: 5000, noNaN: true }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('seek' as const), to: fc.double({ min: -1000, max: 40000, noNaN: true }) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('pause' as const) }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('play' as const) }) },
    );
    fc.assert(
      fc.property(
        fc.record({
          duration: fc.integer({ min: 0, max: 40000 }),
          playStartTime: fc.integer({ min: -100, max: 40000 }),
          playEndTime: fc.integer({ min: -100, max: 40000 }),
          fps: fc.integer({ min: 0, max: 120 }),
          playbackSpeed: fc.double({ min: 0, max: 12, noNaN: true }),
          loop: fc.boolean(),
          autoLoop: fc.boolean(),
          startAt: fc.integer({ min: 0, max: 40000 }),
        }),
        fc.option(fc.integer({ min: 1, max: 40000 }), { nil: undefined }),
        fc.array(step, { maxLength: 60 }),
        (s, lastKeyframe, steps) => {
          const clock = createManualClock();
          const data = createEmptyTimelineData();
          Object.assign(data.settings, s, { currentTime: s.startAt });
          if (lastKeyframe !== undefined) data.keyframes = [kf('l', 'x', 0, 0), kf('l', 'x', lastKeyframe, 1)];
          const engine = createPlaybackEngine({ clock, data });
          const check = (): void => {
            if (engine.getState() !== 'playing') return;
            const { playStartTime } = engine.getData().settings;
            const last = Math.max(playStartTime, engine.getPlaybackEnd());
            expect(engine.getTime()).toBeGreaterThanOrEqual(playStartTime);
            expect(engine.getTime()).toBeLessThanOrEqual(last);
          };
          engine.play();
          check();
          for (const st of steps) {
            if (st.kind === 'tick') {
              clock.advance(st.ms);
              engine.tick();
            } else if (st.kind === 'seek') engine.seek(st.to);
            else if (st.kind === 'pause') engine.pause();
            else engine.play();
            check();
          }
        },
      ),
      { numRuns: FUZZ_RUNS },
    );
  });
});
