/** What a video element plays: a video layer's file or a stream layer's HLS fallback. */
export interface MediaSettings {
  src: string;
  playing: boolean;
  loop: boolean;
  muted: boolean;
  volume: number;
  playbackRate: number;
}

/** Why a media element failed, in words for the layer's badge. */
export function mediaErrorDetail(error: MediaError | null): string {
  switch (error?.code) {
    case 4:
      return 'This browser cannot decode this video (its format or codec is not supported); convert it to H.264 MP4 or WebM';
    case 3:
      return 'The video is damaged or uses a codec this browser cannot decode';
    case 2:
      return 'The video could not be downloaded (network error)';
    case 1:
      return 'Loading the video was stopped';
    default:
      return error?.message ? `The video failed: ${error.message}` : 'The video failed to load';
  }
}

const clamp = (v: number, lo: number, hi: number, fallback: number) => (Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : fallback);

/**
 * Applies a layer's playback settings to its element, writing only what changed (a write of
 * currentTime-affecting properties on every frame would stall playback). Autoplay with sound can
 * be refused by the browser before any user gesture: the element then plays muted and onMutedFallback
 * says so.
 */
export function applyMediaSettings(el: HTMLVideoElement, s: MediaSettings, onMutedFallback?: () => void): void {
  if (el.loop !== s.loop) el.loop = s.loop;
  const volume = clamp(s.volume, 0, 1, 1);
  if (el.volume !== volume) el.volume = volume;
  const rate = clamp(s.playbackRate, 0.0625, 16, 1);
  if (el.playbackRate !== rate) el.playbackRate = rate;
  if (el.defaultPlaybackRate !== rate) el.defaultPlaybackRate = rate;
  const wantMuted = s.muted || volume === 0;
  if (el.muted !== wantMuted && !el.dataset['mutedByPolicy']) el.muted = wantMuted;
  if (s.playing && el.paused) {
    el.play().catch((e: unknown) => {
      if ((e as Error)?.name === 'NotAllowedError' && !el.muted) {
        el.dataset['mutedByPolicy'] = '1';
        el.muted = true;
        onMutedFallback?.();
        void el.play().catch(() => undefined);
      }
    });
  } else if (!s.playing && !el.paused) {
    el.pause();
  }
}

/** A video element for a layer: inline, anonymous CORS (so WebGL may read its frames). */
export function createVideoElement(): HTMLVideoElement {
  const el = document.createElement('video');
  el.crossOrigin = 'anonymous';
  el.playsInline = true;
  el.preload = 'auto';
  el.setAttribute('playsinline', '');
  el.disablePictureInPicture = true;
  return el;
}
