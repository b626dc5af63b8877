/** A black layer's opacity moving from `from` to `to` over `ms`, starting at `start` (clock ms). */
export interface BlackFade {
  from: number;
  to: number;
  start: number;
  ms: number;
}

/** Fully visible picture, nothing fading. */
export const NO_BLACK: BlackFade = { from: 0, to: 0, start: 0, ms: 0 };

/** The black layer's opacity at `now`: linear from `from` to `to`, held at `to` once done. */
export function blackOpacityAt(fade: BlackFade, now: number): number {
  if (fade.ms <= 0 || now >= fade.start + fade.ms) return fade.to;
  if (now <= fade.start) return fade.from;
  return fade.from + ((fade.to - fade.from) * (now - fade.start)) / fade.ms;
}

/**
 * A fade towards black (on) or back to the picture (off) over `ms`, starting from wherever the
 * current fade is now: a fade reversed halfway comes back from half, it does not jump.
 */
export function fadeTowards(current: BlackFade, on: boolean, ms: number, now: number): BlackFade {
  return { from: blackOpacityAt(current, now), to: on ? 1 : 0, start: now, ms: Math.max(0, ms) };
}

/** Whether the fade still changes after `now` (the overlay animates only then). */
export function fadeRunning(fade: BlackFade, now: number): boolean {
  return fade.ms > 0 && now < fade.start + fade.ms && fade.from !== fade.to;
}
