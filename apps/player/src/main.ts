// /embed/player.js: defines <beamstage-player> on any page that loads it (once, however many times
// the script is included). The studio is wherever this script came from.
import { definePlayerElement } from './player-element';
import { studioOriginOf } from './studio-urls';

export const PLAYER_TAG = 'beamstage-player';

if (typeof customElements !== 'undefined' && !customElements.get(PLAYER_TAG)) {
  customElements.define(PLAYER_TAG, definePlayerElement(studioOriginOf(import.meta.url)));
}
