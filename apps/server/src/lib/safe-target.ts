import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the portal may send a webhook (issue 40 item 4): a URL whose host is, after DNS
 * resolution, only public unicast addresses. Private, loopback, link-local, unique local,
 * multicast, unspecified, reserved and carrier-grade NAT ranges are refused, and so are the
 * IPv4-mapped, 6to4 and NAT64 forms that would reach them. Loopback is allowed outside
 * production only, for local receivers and tests. The check runs when an endpoint is saved and
 * again at every connection (safeLookup), so a host that resolves elsewhere later (DNS
 * rebinding) is refused too.
 */

export interface TargetPolicy {
  /** Production: https only, and no loopback. */
  isProduction: boolean;
}

/** One resolved address, as dns.lookup answers with `all: true`. */
export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Resolves a host name to every address (injected by tests: no test resolves or connects to a real host). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));

/** The refusal of a target, with the reason the API shows on the `url` field. */
export class UnsafeTargetError extends Error {
  readonly code = 'EUNSAFETARGET';
}

/** Whether a connection to `address` (an IP literal) is allowed: public unicast, or loopback outside production. */
export function isAllowedAddress(address: string, policy: TargetPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:10.0.0.1 is 10.0.0.1: judged as the IPv4 address it reaches.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  // The deprecated IPv4-compatible form (::a.b.c.d, ::/96), which ipaddr.js calls unicast, is never a public receiver.
  if (range === 'unicast') return !(parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0));
  return range === 'loopback' && !policy.isProduction;
}

/** The URL's host as an IP literal (brackets of IPv6 removed), or null for a name. */
function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) !== 0 ? bare : null;
}

/** Every address of `hostname`, each checked; throws UnsafeTargetError for an unsafe or unresolvable host. */
export async function resolveAllowed(hostname: string, policy: TargetPolicy, resolve: Resolver = systemResolver): Promise<ResolvedAddress[]> {
  const literal = ipLiteral(hostname);
  if (literal !== null) {
    if (!isAllowedAddress(literal, policy)) throw new UnsafeTargetError('The URL must point to a public address.');
    return [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(hostname);
  } catch {
    throw new UnsafeTargetError("The URL's host could not be found.");
  }
  if (addresses.length === 0) throw new UnsafeTargetError("The URL's host could not be found.");
  // Every address, not only the first: a client may connect to any of them.
  if (!addresses.every((entry) => isAllowedAddress(entry.address, policy))) throw new UnsafeTargetError('The URL must point to a public address.');
  return addresses;
}

/**
 * The problem with `url` as a webhook target, or null when it is safe: https in production, no
 * credentials in it, and a host whose every address is allowed. Resolves the host now.
 */
export async function webhookTargetProblem(url: string, policy: TargetPolicy, resolve: Resolver = systemResolver): Promise<string | null> {
  if (!URL.canParse(url)) return 'URL must be an http or https address.';
  const parsed = new URL(url);
  if (policy.isProduction ? parsed.protocol !== 'https:' : !/^https?:$/.test(parsed.protocol)) return policy.isProduction ? 'URL must be an https address.' : 'URL must be an http or https address.';
  // A signature already proves the sender; credentials in the URL would be shown back in lists.
  if (parsed.username || parsed.password) return 'URL must not contain a user name or password.';
  try {
    await resolveAllowed(parsed.hostname, policy, resolve);
    return null;
  } catch (error) {
    if (error instanceof UnsafeTargetError) return error.message;
    throw error;
  }
}

/**
 * A `lookup` for http.request and net.connect that resolves the host, checks every address and
 * hands the socket only checked ones: the connection goes to an address this check passed, not
 * to whatever the name resolves to a moment later (DNS rebinding).
 */
export function safeLookup(policy: TargetPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? addresses.filter((entry) => entry.family === options.family) : addresses;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`No address of family ${String(options.family)} for the host.`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (options.all) (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, wanted);
        else callback(null, wanted[0]!.address, wanted[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 0),
    );
  };
}
