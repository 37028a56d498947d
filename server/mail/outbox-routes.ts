import { Router } from "express";
import type postgres from "postgres";
import { z } from "zod";
import { invalidQuery } from "../http/api-error.ts";

const querySchema = z.object({ to: z.string().optional() });

/** `GET /api/dev/outbox`: the mails kept by the dev outbox, newest first. Never mounted in production. */
export function outboxRoutes(sql: postgres.Sql): Router {
  const router = Router();
  router.get("/api/dev/outbox", async (req, res) => {
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
        createdAt: Date;
      }[]
    >`
      select id, kind, recipient as "to", subject, body, url, created_at as "createdAt"
      from mail_outbox
      ${to ? sql`where lower(recipient) = ${to}` : sql``}
      order by id desc
      limit 200`;
    res.json({ mails: rows });
  });
  return router;
}
