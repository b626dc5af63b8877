// Must fail lint: the node entry never reaches into the browser entry by a relative path.
import { ROOM_DENIED_MESSAGE } from '../../browser/browser-sync';

export const leaked = ROOM_DENIED_MESSAGE;
