import { isIP } from 'node:net';

/** Names proxy-addr (Fastify's trustProxy) understands for well-known ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` option from the TRUSTED_PROXIES setting: the comma-separated addresses or
 * CIDRs (or `loopback`, `linklocal`, `uniquelocal`) whose `X-Forwarded-For` is believed. Empty (the
 * default) trusts nobody: `request.ip` is the peer of the TCP connection and any `X-Forwarded-For` is
 * ignored, so a client cannot choose the address that login throttling counts against. With proxies
 * listed, `request.ip` is the nearest address in the chain that is not a trusted proxy.
 */
export function trustProxyOption(setting: string | undefined): string[] | false {
  const entries = proxyEntries(setting);
  const problem = trustedProxiesProblem(setting);
  if (problem !== undefined) throw new Error(`TRUSTED_PROXIES: ${problem}`);
  return entries.length > 0 ? entries : false;
}

function proxyEntries(setting: string | undefined): string[] {
  return (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/** What is wrong with a TRUSTED_PROXIES value, or undefined: the settings schema checks it at start-up. */
export function trustedProxiesProblem(setting: string | undefined): string | undefined {
  const bad = proxyEntries(setting).filter((entry) => !isAddressOrCidr(entry));
  return bad.length > 0 ? `not an IP address or CIDR: ${bad.map((entry) => `"${entry}"`).join(', ')}` : undefined;
}
