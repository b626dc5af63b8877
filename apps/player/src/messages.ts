import { PlayerLoadError } from './load-public';

/** What the element says inside its box when it cannot play (never a blank box). */
export interface PlayerMessage {
  title: string;
  text: string;
}

export const NO_PROJECT: PlayerMessage = { title: 'No project chosen', text: 'Give the player a project: <beamstage-player project="ID">.' };
export const NO_WEBGL: PlayerMessage = { title: 'This browser cannot play the show', text: 'WebGL is needed to draw it.' };
export const UNPUBLISHED: PlayerMessage = {
  title: 'This show is no longer published',
  text: 'Its owner turned publishing off. Reload the page when it is published again.',
};

/** The in-element message for a failed load or re-check. */
export function messageForLoadError(error: unknown): PlayerMessage {
  if (error instanceof PlayerLoadError) {
    if (error.status === 404) return { title: 'Show not found', text: 'This project does not exist or is not published.' };
    if (error.status === 0)
      return { title: 'The show cannot be reached', text: 'The Beamstage server did not answer. Check the connection and reload the page.' };
    return { title: 'The show could not be loaded', text: error.message };
  }
  return { title: 'The show could not be loaded', text: error instanceof Error ? error.message : String(error) };
}
