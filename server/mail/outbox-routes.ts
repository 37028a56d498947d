import { Router } from "express";
import type postgres from "postgres";
import { z } from "zod";
import { hasControlCharacters } from "../../shared/opaque-id.ts";
import { invalidQuery } from "../http/api-error.ts";
import { fromThisMachine } from "../http/this-machine.ts";

const querySchema = z.object({
  // A NUL byte would reach Postgres and fail there.
  to: z
    .string()
    .max(320)
    .refine((to) => !hasControlCharacters(to))
    .optional(),
});

/**
 * `GET /api/dev/outbox`: the mails kept by the dev outbox, newest first, to requests from this
 * machine (it holds magic links and reset links for anyone's address); anyone else gets the 404
 * of an unknown route. Never mounted in production.
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
