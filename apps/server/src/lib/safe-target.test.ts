import { describe, expect, it } from 'vitest';
import { isAllowedAddress, safeLookup, webhookTargetProblem, type ResolvedAddress, type Resolver } from './safe-target.js';

/** Issue 40 item 4: the address check on given addresses; nothing here resolves or connects to a real host. */
const dev = { isProduction: false };
const prod = { isProduction: true };
const resolver = (table: Record<string, string[]>): Resolver => async (hostname) => {
  const addresses = table[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

describe('isAllowedAddress', () => {
  it.each([
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['fe80::1', 'IPv6 link-local'],
    ['fc00::1', 'unique local'],
    ['ff02::1', 'IPv6 multicast'],
    ['::', 'IPv6 unspecified'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['2002:a00:1::1', '6to4 of a private address'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::a9fe:a9fe', 'IPv4-compatible link-local'],
    ['::808:808', 'IPv4-compatible public (deprecated form)'],
    ['not an address', 'not an address'],
  ])('refuses %s (%s) everywhere', (address) => {
    expect(isAllowedAddress(address, dev)).toBe(false);
    expect(isAllowedAddress(address, prod)).toBe(false);
  });

  it('allows public unicast, and loopback only outside production', () => {
    for (const address of ['8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isAllowedAddress(address, dev), address).toBe(true);
      expect(isAllowedAddress(address, prod), address).toBe(true);
    }
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      expect(isAllowedAddress(address, dev), address).toBe(true);
      expect(isAllowedAddress(address, prod), address).toBe(false);
    }
  });
});

describe('webhookTargetProblem', () => {
  const names = resolver({ 'hooks.example': ['8.8.8.8', '2606:4700:4700::1111'], 'mixed.example': ['8.8.8.8', '10.0.0.5'], 'inside.example': ['192.168.0.10'], 'localhost.example': ['127.0.0.1'] });

  it('asks https in production and refuses credentials in the URL', async () => {
    expect(await webhookTargetProblem('http://hooks.example/in', prod, names)).toBe('URL must be an https address.');
    expect(await webhookTargetProblem('https://hooks.example/in', prod, names)).toBeNull();
    expect(await webhookTargetProblem('http://hooks.example/in', dev, names)).toBeNull();
    expect(await webhookTargetProblem('https://user:pw@hooks.example/in', prod, names)).toBe('URL must not contain a user name or password.');
  });

  it('refuses a host any of whose addresses is not public, and one that does not resolve', async () => {
    expect(await webhookTargetProblem('https://mixed.example/', prod, names)).toBe('The URL must point to a public address.');
    expect(await webhookTargetProblem('https://inside.example/', dev, names)).toBe('The URL must point to a public address.');
    expect(await webhookTargetProblem('https://nowhere.example/', dev, names)).toBe("The URL's host could not be found.");
    expect(await webhookTargetProblem('https://localhost.example/', prod, names)).toBe('The URL must point to a public address.');
    expect(await webhookTargetProblem('http://localhost.example/', dev, names)).toBeNull();
  });

  it('checks an IP literal directly, without resolving it', async () => {
    const never: Resolver = async () => {
      throw new Error('an IP literal must not be resolved');
    };
    expect(await webhookTargetProblem('https://10.0.0.1/', dev, never)).toBe('The URL must point to a public address.');
    expect(await webhookTargetProblem('https://[::ffff:a9fe:a9fe]/', dev, never)).toBe('The URL must point to a public address.');
    expect(await webhookTargetProblem('https://[fd00::1]:8443/', dev, never)).toBe('The URL must point to a public address.');
    expect(await webhookTargetProblem('https://8.8.8.8/', prod, never)).toBeNull();
    expect(await webhookTargetProblem('http://127.0.0.1:9/', dev, never)).toBeNull();
    expect(await webhookTargetProblem('https://127.0.0.1/', prod, never)).toBe('The URL must point to a public address.');
  });
});

describe('safeLookup (the connection-time check)', () => {
  const lookupOf = (answers: string[][]) => {
    // Each call answers the next list: a name that resolves publicly at the check and privately at the connection (DNS rebinding).
    let call = 0;
    return safeLookup(dev, async () => (answers[Math.min(call++, answers.length - 1)] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };
  const lookup = (fn: ReturnType<typeof safeLookup>, options: { all?: boolean; family?: number } = {}) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: string | ResolvedAddress[]; family?: number }>((resolve) => {
      (fn as unknown as (host: string, options: object, callback: (error: NodeJS.ErrnoException | null, address: string | ResolvedAddress[], family?: number) => void) => void)('hooks.example', options, (error, address, family) =>
        resolve({ error, address, ...(family === undefined ? {} : { family }) }),
      );
    });

  it('hands the socket a checked address, one or all as asked', async () => {
    expect(await lookup(lookupOf([['8.8.8.8']]))).toEqual({ error: null, address: '8.8.8.8', family: 4 });
    expect(await lookup(lookupOf([['8.8.8.8', '2606:4700:4700::1111']]), { all: true })).toEqual({
      error: null,
      address: [
        { address: '8.8.8.8', family: 4 },
        { address: '2606:4700:4700::1111', family: 6 },
      ],
    });
    expect((await lookup(lookupOf([['8.8.8.8', '2606:4700:4700::1111']]), { family: 6 })).address).toBe('2606:4700:4700::1111');
  });

  it('fails the connection when the name now resolves to a private address, though it resolved publicly before', async () => {
    const rebinding = lookupOf([['8.8.8.8'], ['10.0.0.7']]);
    expect((await lookup(rebinding)).error).toBeNull();
    const second = await lookup(rebinding);
    expect(second.error?.message).toBe('The URL must point to a public address.');
    expect((await lookup(lookupOf([['8.8.8.8', '169.254.169.254']]), { all: true })).error?.message).toBe('The URL must point to a public address.');
  });
});
