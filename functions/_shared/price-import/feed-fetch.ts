/**
 * Fetching a feed from the address an admin typed, without reaching into the network the function
 * runs in. A feed URL naming a loopback, private, link-local or otherwise reserved address (the
 * host's metadata service at 169.254.169.254, the runtime's API on 127.0.0.1, another service of
 * the private network) would have the server fetch it and report what came back. The check is made
 * on every address a connection is opened to, after DNS has answered (so a name that resolves to a
 * private address, at once or later, is refused too) and on every redirect.
 *
 * Local development (NETLIFY_DEV, set by `npm start`'s server) serves its feeds from this machine,
 * so there private addresses are allowed.
 */
import { lookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

/** The address ranges no feed may be fetched from (IANA special-purpose registries). */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24],
  ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 127], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is one of the public internet (an IPv4-mapped IPv6 address is read as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NOT_PUBLIC.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export class FeedAddressError extends Error {
  constructor(host: string, address: string) {
    super(host === address
      ? `its address ${address} is not on the public internet`
      : `its address ${host} leads to ${address}, which is not on the public internet`);
    this.name = 'FeedAddressError';
  }
}

/** A URL's host as an address or name, an IPv6 literal without its brackets. */
const bareHost = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * What can be told of a feed URL before any connection, for the admin saving it: an IP address off
 * the public internet, or a name that always means this machine (localhost, RFC 6761). Null when
 * nothing can; a name that resolves to such an address is refused when the feed is fetched.
 */
export function feedHostProblem(url: string): string | null {
  const host = bareHost(new URL(url)).toLowerCase();
  const local = host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && !isPublicAddress(host));
  return local ? `Feed URL must be on the public internet (${host} is not)` : null;
}

/** DNS as usual, refusing an answer that holds an address off the public internet. */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused) return callback(Object.assign(new FeedAddressError(hostname, refused.address), { code: 'EFEEDADDRESS' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, all: typeof addresses) => void)(null, addresses);
    const [first] = addresses;
    return first ? callback(null, first.address, first.family) : callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
  });
};

const publicOnly = new Agent({ connect: { lookup: publicLookup } });
const anywhere = new Agent();

/** Redirects followed before the feed counts as unreachable, as fetch's own limit. */
const MAX_REDIRECTS = 20;

export interface FeedFetchOptions {
  signal: AbortSignal;
  /** Whether addresses off the public internet may be fetched: local development only. */
  allowPrivate: boolean;
}

/**
 * GETs a feed URL, following redirects by hand so that every hop's address is checked: an IP
 * literal never goes through DNS, so it is checked here; a name, as its connection opens.
 * Throws FeedAddressError (possibly as a fetch error's cause) for an address refused. The answer
 * comes back as the platform's own Response, as fetch() would give it.
 */
export async function fetchFeed(url: string, { signal, allowPrivate }: FeedFetchOptions): Promise<Response> {
  let target = new URL(url);
  for (let hop = 0; ; hop++) {
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error(`the feed redirected to a ${target.protocol} address`);
    const literal = bareHost(target);
    if (!allowPrivate && isIP(literal) && !isPublicAddress(literal)) throw new FeedAddressError(literal, literal);
    const response = await undiciFetch(target, {
      signal,
      redirect: 'manual',
      headers: { accept: 'text/csv, */*;q=0.5' },
      dispatcher: allowPrivate ? anywhere : publicOnly,
    });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status > 399 || !location) {
      // undici's streams are the platform's: only their TypeScript types differ.
      const body = response.body as unknown as ReadableStream<Uint8Array> | null;
      return new Response(body, { status: response.status, statusText: response.statusText, headers: new Headers([...response.headers]) });
    }
    await response.body?.cancel();
    if (hop === MAX_REDIRECTS) throw new Error(`the feed redirected more than ${MAX_REDIRECTS} times`);
    target = new URL(location, target);
  }
}
