import { isIP } from "node:net";
import { z } from "zod";

/**
 * TRUSTED_PROXIES, handed to Express's `trust proxy`: a number of proxy hops, or the addresses,
 * CIDR ranges and named ranges of the proxies in front of the server. Not `true`, which would
 * believe the leftmost X-Forwarded-For entry, one the client writes itself.
 */
const HOPS = /^\d+$/;
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxy(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
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
  .transform((value) => (HOPS.test(value) ? Number(value) : entries(value)));
