/** What a save needs of the timeline: whether it plays, and how to stop it. */
export interface PlaybackControl {
  isPlaying(): boolean;
  stop(): void;
}

/** Spec section 4: a save while the timeline plays stops it first and waits this long. */
export const SAVE_AFTER_STOP_MS = 100;

/** Runs `save`, first stopping the timeline when it plays (and waiting 100 ms). */
export async function saveStoppingPlayback(save: () => Promise<void>, playback: PlaybackControl | null, wait: (ms: number) => Promise<void>): Promise<void> {
  if (playback?.isPlaying()) {
    playback.stop();
    await wait(SAVE_AFTER_STOP_MS);
  }
  await save();
}
