import { checkLayerUrl, URL_REASONS } from '../media/layer-url-policy';
import type { LayerUrlPolicy } from '../media/layer-url-policy';

/**
 * How the inspector checks an address typed into a layer's source field: a message for a refused
 * one, null when it may be written. It is the Add dialogs' policy (media/layer-url-policy.ts,
 * design.md section 4 rule 3), so a source refused there is refused here too.
 */
export type AddressCheck = (text: string, kind: 'web' | 'media' | 'stream') => string | null;

/** The inspector's check under a policy; media may also name the studio's own bundled files. */
export function addressCheckFor(policy: Omit<LayerUrlPolicy, 'kind'>): AddressCheck {
  return (text, kind) => {
    const t = text.trim();
    if (!t) return kind === 'web' ? URL_REASONS.empty : null;
    // The bundled sample pictures are same-origin paths: fine as media, never as a web page layer.
    if (kind === 'media' && t.startsWith('/') && !t.startsWith('//')) return null;
    const checked = checkLayerUrl(t, { ...policy, kind: kind === 'stream' ? 'stream' : 'web' });
    return checked.ok ? null : checked.reason;
  };
}

/** The policy of a local development studio, for stories and until the page passes its own. */
export const basicAddressCheck: AddressCheck = addressCheckFor({ development: true, ownOrigins: [] });
