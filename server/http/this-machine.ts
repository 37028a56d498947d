import type { Request } from "express";
import { BlockList } from "node:net";

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** 127.0.0.0/8 or ::1, also written as an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return loopback.check(address, address.includes(":") ? "ipv6" : "ipv4");
}

/**
 * A request made on this machine: the connection comes from the loopback interface (the
 * socket, which a client cannot forge, unlike X-Forwarded-For) and no proxy on this machine
 * relayed it (nginx in front adds X-Forwarded-For). For what only a person or an agent beside
 * the server may read: the dev outbox, the metrics without a token.
 */
export function fromThisMachine(req: Request): boolean {
  if (req.headers.forwarded !== undefined || req.headers["x-forwarded-for"] !== undefined) {
    return false;
  }
  return isLoopbackAddress(req.socket.remoteAddress);
}
