import { BlockList, isIP } from "node:net";
import { z } from "zod";

/**
 * TRUSTED_PROXIES: who may tell the server a client's address in X-Forwarded-For.
 *
 * - A number of hops, n: every request comes through n proxies, each appending the address it
 *   saw; the client's address is the n-th entry from the right, and whatever stands left of it
 *   is the client's own writing.
 * - Addresses, CIDR ranges and the named ranges loopback, linklocal and uniquelocal: the proxy
 *   the server's socket is connected to, when it is one of these; the client's address is the
 *   last entry, the one that proxy appended. Entries before it are never believed, even when
 *   they name addresses in the list: a client whose own address lies in a listed range (a LAN
 *   under `uniquelocal`) would otherwise choose its address by writing the header itself.
 */
const HOPS = /^\d+$/;

/** proxy-addr's named ranges, as Express's `trust proxy` has always read them. */
const NAMED_RANGES = new Map<string, readonly string[]>([
  ["loopback", ["127.0.0.1/8", "::1/128"]],
  ["linklocal", ["169.254.0.0/16", "fe80::/10"]],
  ["uniquelocal", ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"]],
]);

export type TrustedProxies = number | string[];

function isProxy(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return HOPS.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

const entries = (value: string) =>
  value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

export const trustedProxiesSchema = z
  .string()
  .trim()
  .refine((value) => HOPS.test(value) || entries(value).every(isProxy), {
    error:
      "expected a number of proxy hops, or comma-separated addresses, CIDR ranges, loopback, linklocal or uniquelocal",
  })
  .transform((value): TrustedProxies => (HOPS.test(value) ? Number(value) : entries(value)));

const family = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

function proxyList(proxies: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of proxies.flatMap((proxy) => NAMED_RANGES.get(proxy) ?? [proxy])) {
    const [address = "", prefix] = entry.split("/");
    if (prefix === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, Number(prefix), family(address));
  }
  return list;
}

/**
 * Express's `trust proxy` for the setting: asked of each address from the socket's (hop 0)
 * leftwards through X-Forwarded-For, `req.ip` is the first one it does not trust.
 */
export function proxyTrust(
  setting: false | TrustedProxies,
): (address: string, hop: number) => boolean {
  if (setting === false) return () => false;
  if (typeof setting === "number") return (_address, hop) => hop < setting;
  const proxies = proxyList(setting);
  return (address, hop) => hop === 0 && proxies.check(address, family(address));
}
