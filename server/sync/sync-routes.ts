/**
 * The Replicache endpoints, mounted after better-auth's routes with their own body parsers:
 * a push after a long offline spell carries every pending mutation at once, far above
 * express.json's 100 KB default. All three need a session (401 without one).
 */
import express, { Router, type Request } from "express";
import type postgres from "postgres";
import type { Auth } from "../auth/auth.ts";
import { getSessionUser } from "../auth/session.ts";
import { ApiError } from "../http/api-error.ts";
import type { Logger } from "../logger.ts";
import type { Pokes } from "./poke.ts";
import { pull } from "./pull.ts";
import { push } from "./push.ts";

export type SyncRouteDeps = { auth: Auth; sql: postgres.Sql; logger: Logger; pokes: Pokes };

const PUSH_BODY_LIMIT = "20mb";
const PULL_BODY_LIMIT = "100kb";

export function syncRoutes({ auth, sql, logger, pokes }: SyncRouteDeps): Router {
  const router = Router();

  const requireUser = async (req: Request) => {
    const user = await getSessionUser(auth, req);
    if (!user) throw new ApiError(401, "UNAUTHORIZED", "Sign in to sync");
    return user;
  };

  router.post(
    "/api/replicache/push",
    express.json({ limit: PUSH_BODY_LIMIT }),
    async (req, res) => {
      const user = await requireUser(req);
      res.json(await push({ sql, logger, announcer: pokes.announcer }, user.id, req.body));
    },
  );

  router.post(
    "/api/replicache/pull",
    express.json({ limit: PULL_BODY_LIMIT }),
    async (req, res) => {
      const user = await requireUser(req);
      res.json(await pull(sql, user.id, req.body));
    },
  );

  router.get("/api/replicache/poke", async (req, res) => {
    const user = await requireUser(req);
    await pokes.stream(res, user.id);
  });

  return router;
}
