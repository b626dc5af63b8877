// Must fail lint: the browser entry never reaches into the node entry by a relative path.
import { TICKET_TTL_MS } from '../../node/tickets';

export const leaked = TICKET_TTL_MS;
