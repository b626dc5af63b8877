import type { PeerView } from '../state/editor-store';

/** How many people show before the rest fold into "+N". */
const MAX_SHOWN = 3;

/** The other people in this project now: initials in their colour and their name (text, never HTML). */
export function PresenceAvatars({ peers }: { peers: readonly PeerView[] }) {
  if (peers.length === 0) return null;
  const shown = peers.slice(0, MAX_SHOWN);
  const rest = peers.length - shown.length;
  return (
    <ul className="presence" aria-label="People editing now" data-testid="presence">
      {shown.map((peer) => (
        <li key={peer.peerId} className="presence__peer" title={peer.name} data-peer-id={peer.peerId}>
          <span className="presence__avatar" style={{ background: peer.color }} aria-hidden="true">
            {peer.initials}
          </span>
          <span className="presence__name">{peer.name}</span>
        </li>
      ))}
      {rest > 0 ? <li className="presence__more">+{rest}</li> : null}
    </ul>
  );
}
