import { describe, expect, it } from 'vitest';
import { SAVE_AFTER_STOP_MS, saveStoppingPlayback } from './save-with-playback';

describe('save while the timeline plays', () => {
  it('stops playback, waits 100 ms, then saves', async () => {
    const log: string[] = [];
    let playing = true;
    await saveStoppingPlayback(
      async () => void log.push(`save (playing: ${playing})`),
      { isPlaying: () => playing, stop: () => ((playing = false), void log.push('stop')) },
      async (ms) => void log.push(`wait ${ms}`),
    );
    expect(log).toEqual(['stop', `wait ${SAVE_AFTER_STOP_MS}`, 'save (playing: false)']);
  });
  it('saves at once when nothing plays', async () => {
    const log: string[] = [];
    await saveStoppingPlayback(
      async () => void log.push('save'),
      { isPlaying: () => false, stop: () => void log.push('stop') },
      async () => void log.push('wait'),
    );
    expect(log).toEqual(['save']);
  });
});
