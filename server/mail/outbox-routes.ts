import { Router, type Request } from "express";
import { BlockList } from "node:net";
import type postgres from "postgres";
import { z } from "zod";
import { hasControlCharacters } from "../../shared/opaque-id.ts";
import { invalidQuery } from "../http/api-error.ts";

const querySchema = z.object({
  // A NUL byte would reach Postgres and fail there.
  to: z
    .string()
    .max(320)
    .refine((to) => !hasControlCharacters(to))
    .optional(),
});

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** 127.0.0.0/8 or ::1, also written as an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return loopback.check(address, address.includes(":") ? "ipv6" : "ipv4");
}

/**
 * The outbox holds magic links and reset links for anyone's address, so only a person on this
 * machine may read it: the connection comes from the loopback interface (the socket, which a
 * client cannot forge, unlike X-Forwarded-For) and no proxy on this machine relayed it.
 */
function fromThisMachine(req: Request): boolean {
  if (req.headers.forwarded !== undefined || req.headers["x-forwarded-for"] !== undefined) {
    return false;
  }
  return isLoopbackAddress(req.socket.remoteAddress);
}

/**
 * `GET /api/dev/outbox`: the mails kept by the dev outbox, newest first, to requests from this
 * machine; anyone else gets the 404 of an unknown route. Never mounted in production.
 */
export function outboxRoutes(sql: postgres.Sql): Router {
  const router = Router();
  router.get("/api/dev/outbox", async (req, res, next) => {
    if (!fromThisMachine(req)) {
      next();
      return;
    }
    const query = querySchema.safeParse(req.query);
    if (!query.success) throw invalidQuery();
    const to = query.data.to?.toLowerCase();
    const rows = await sql<
      {
        id: string;
        kind: string;
        to: string;
        subject: string;
        body: string;
        url: string | null;
        headers: Record<string, string>;
        createdAt: Date;
      }[]
    >`
      select id, kind, recipient as "to", subject, body, url, headers, created_at as "createdAt"
      from mail_outbox
      ${to ? sql`where lower(recipient) = ${to}` : sql``}
      order by id desc
      limit 200`;
    res.json({ mails: rows });
  });
  return router;
}
