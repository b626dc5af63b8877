// Whether the socket's peer is one of TRUST_PROXY's proxies, for the parts that read forwarded
// headers themselves (the OpenID provider, a Koa app): Fastify asks proxy-addr; this answers the
// same for the first hop with node:net's BlockList.
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from './config';

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** A predicate: is this socket address a trusted proxy? */
export function trustedPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  // A hop count trusts the nearest hops, whoever they are.
  if (typeof trust === 'number') return () => trust > 0;
  const list = new BlockList();
  for (const entry of trust.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (raw) => {
    if (!raw) return false;
    // IPv4 clients on a dual-stack socket show as ::ffff:a.b.c.d.
    const address = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}
