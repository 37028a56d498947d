/**
 * The Replicache endpoints, mounted after better-auth's routes with their own body parsers:
 * a push carries up to PUSH_BATCH_BYTES of mutations, far above express.json's 100 KB default
 * (shared/push-limits.ts). All three need a session (401 without one); push and pull, which
 * act on the cookie, also a trusted Origin (403), checked before the body is read.
 */
import express, { Router, type Request } from "express";
import type postgres from "postgres";
import type { Auth } from "../auth/auth.ts";
import { requireTrustedOrigin } from "../auth/origin-check.ts";
import { getSignedIn } from "../auth/session.ts";
import { ApiError, invalidQuery } from "../http/api-error.ts";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { z } from "zod";
import { idSchema } from "../../shared/entities.ts";
import { PUSH_BODY_LIMIT_BYTES } from "../../shared/push-limits.ts";
import type { Pokes } from "./poke.ts";
import { pull } from "./pull.ts";
import { pullGzip, pullJson } from "./pull-body.ts";
import { createPullWaves } from "./pull-waves.ts";
import { push } from "./push.ts";

type SyncRouteDeps = {
  auth: Auth;
  sql: postgres.Sql;
  logger: Logger;
  pokes: Pokes;
  maxUploadBytes?: number;
  metrics?: Metrics;
};

const PULL_BODY_LIMIT = "100kb";

/** `?tab=`: the tab's presence id, so its presence goes when its stream closes. */
const pokeQuerySchema = z.object({ tab: idSchema.optional() });

export function syncRoutes({
  auth,
  sql,
  logger,
  pokes,
  maxUploadBytes,
  metrics,
}: SyncRouteDeps): Router {
  const router = Router();
  const trustedOrigin = requireTrustedOrigin(auth);
  // A crowd's pulls are served together, and leave connections free for pushes.
  const waves = createPullWaves(sql);

  const requireSignedIn = async (req: Request) => {
    const signedIn = await getSignedIn(auth, req);
    if (!signedIn) throw new ApiError(401, "UNAUTHORIZED", "Sign in to sync");
    return signedIn;
  };

  router.post(
    "/api/replicache/push",
    trustedOrigin,
    express.json({ limit: PUSH_BODY_LIMIT_BYTES }),
    async (req, res) => {
      const timer = metrics?.pushDuration.startTimer();
      res.once("finish", () => timer?.());
      metrics?.pushBytes.observe(Number(req.headers["content-length"] ?? 0));
      const { user } = await requireSignedIn(req);
      const result = await push(
        { sql, logger, announcer: pokes.announcer, maxUploadBytes, metrics },
        user.id,
        req.body,
      );
      // Anything but 200 makes Replicache push again: the mutations left out come next. Sent
      // as it is: express would hash every answer into an ETag, and a push is a POST.
      res
        .status("unapplied" in result ? 202 : 200)
        .type("json")
        .end(JSON.stringify(result));
    },
  );

  router.post(
    "/api/replicache/pull",
    trustedOrigin,
    express.json({ limit: PULL_BODY_LIMIT }),
    async (req, res) => {
      const timer = metrics?.pullDuration.startTimer();
      res.once("finish", () => timer?.());
      const { user } = await requireSignedIn(req);
      const result = await pull(sql, user.id, req.body, { waves });
      // Written as it is: no ETag (a pull is a POST; hashing megabytes of rows buys nothing),
      // and compressed here, where what a wave's answers share is compressed once
      // (pull-body.ts); `compression` leaves an answer with a Content-Encoding alone.
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.vary("Accept-Encoding");
      const gzip = "patch" in result && result.patch.length > 0 && req.acceptsEncodings("gzip");
      if (gzip) res.setHeader("Content-Encoding", "gzip");
      const body = gzip ? await pullGzip(result) : pullJson(result);
      metrics?.pullBytes.observe(body.length);
      res.end(body);
    },
  );

  router.get("/api/replicache/poke", async (req, res) => {
    const signedIn = await requireSignedIn(req);
    const query = pokeQuerySchema.safeParse(req.query);
    if (!query.success) throw invalidQuery();
    await pokes.stream(res, {
      userId: signedIn.user.id,
      sessionId: signedIn.sessionId,
      tabId: query.data.tab ?? null,
    });
  });

  return router;
}
