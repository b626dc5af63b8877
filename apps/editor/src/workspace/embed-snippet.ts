/** Where the studio serves the embeddable player (apps/player, built into /embed/player.js). */
export const PLAYER_SCRIPT_PATH = '/embed/player.js';

/**
 * The HTML a site owner pastes to show a published project: the player script from this studio and
 * one `<beamstage-player>` that plays the show in a loop as soon as it loads (muted, as browsers
 * require for autoplay with sound). Attribute values are escaped; ids never need it, but a pasted
 * snippet must not break the host page whatever the id is.
 */
export function embedSnippet(studioOrigin: string, projectId: string): string {
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<script type="module" src="${attr(`${studioOrigin}${PLAYER_SCRIPT_PATH}`)}"></script>\n<beamstage-player project="${attr(projectId)}" autoplay muted loop></beamstage-player>`;
}
