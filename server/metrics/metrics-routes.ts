import { createHash, timingSafeEqual } from "node:crypto";
import { Router, type Request } from "express";
import { ApiError } from "../http/api-error.ts";
import { fromThisMachine } from "../http/this-machine.ts";
import type { Metrics } from "./metrics.ts";

/**
 * `GET /metrics` (Prometheus text format). Not public: open to a request from this machine
 * that no proxy forwarded (a Prometheus agent beside the instance), or to one carrying
 * `Authorization: Bearer <METRICS_TOKEN>`. A request through a proxy on this machine (nginx in
 * front: the socket is loopback, but the proxy adds X-Forwarded-For) needs the token.
 */
export function metricsRoutes(metrics: Metrics, token: string | undefined): Router {
  const router = Router();
  router.get("/metrics", async (req, res) => {
    if (!fromThisMachine(req) && !carriesToken(req, token)) {
      throw new ApiError(401, "UNAUTHORIZED", "Metrics need METRICS_TOKEN from another machine");
    }
    res.setHeader("Content-Type", metrics.registry.contentType);
    res.setHeader("Cache-Control", "no-store");
    res.end(await metrics.registry.metrics());
  });
  return router;
}

function carriesToken(req: Request, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? "");
  if (!match) return false;
  // Compared as digests: equal lengths, and no timing to learn the token from.
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(match[1]!), digest(token));
}
