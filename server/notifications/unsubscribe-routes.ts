/**
 * `/api/notifications/unsubscribe?user=…&token=…`: the link in every notification mail, signed
 * (unsubscribe-token.ts), no session needed.
 *
 * - GET shows a page with one button: mail scanners follow links, so a GET changes nothing.
 * - POST turns both mail cadences off. It is also the RFC 8058 one-click target: a mail client
 *   posts `List-Unsubscribe=One-Click` (form-encoded) to the `List-Unsubscribe` URL.
 *
 * The person's other browsers are poked, so settings open there show the change. Turning mail
 * back on is a setting (updateNotificationSettings).
 */
import express, { Router, type Request } from "express";
import type postgres from "postgres";
import { z } from "zod";
import { ApiError } from "../http/api-error.ts";
import type { PokeAnnouncer } from "../db/notify.ts";
import { saveSettings } from "./notification-rows.ts";
import { isValidUnsubscribeToken } from "./unsubscribe-token.ts";

const querySchema = z.object({
  user: z.string().min(1).max(64),
  token: z.string().min(1).max(100),
});

type UnsubscribeDeps = { sql: postgres.Sql; secret: string; announcer: PokeAnnouncer };

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Notification mail</title></head><body>${body}</body></html>`;

export function unsubscribeRoutes({ sql, secret, announcer }: UnsubscribeDeps): Router {
  const router = Router();

  const signedUser = (req: Request): string => {
    const query = querySchema.safeParse(req.query);
    if (!query.success || !isValidUnsubscribeToken(secret, query.data.user, query.data.token)) {
      throw new ApiError(403, "FORBIDDEN", "This unsubscribe link is not valid.");
    }
    return query.data.user;
  };

  router.get("/api/notifications/unsubscribe", (req, res) => {
    signedUser(req);
    res
      .type("html")
      .send(
        page(
          `<h1>Stop notification mail?</h1><p>You will still see notifications in the app.</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
        ),
      );
  });

  router.post(
    "/api/notifications/unsubscribe",
    express.urlencoded({ extended: false, limit: "1kb" }),
    async (req, res) => {
      const userId = signedUser(req);
      const [user] = await sql`select 1 from "user" where id = ${userId}`;
      if (user) {
        await saveSettings(sql, userId, { direct: "off", other: "off" });
        await announcer.announce({ workspaceIds: [], userIds: [userId] });
      }
      res
        .type("html")
        .send(
          page(
            `<h1>Unsubscribed</h1><p>You will get no more notification mail. Turn it back on in your account settings.</p>`,
          ),
        );
    },
  );

  return router;
}
