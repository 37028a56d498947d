import type { RequestHandler } from "express";
import { Router } from "express";
import { toNodeHandler } from "better-auth/node";
import { CLIENT_IP_HEADER } from "./auth.ts";
import type { AuthHandler } from "./membership-turns.ts";

/**
 * better-auth takes the client's address only from a header. We set our own from Express's
 * `req.ip` (the socket's address, or the X-Forwarded-For entry a trusted proxy appended) and
 * drop any copy the client sent, so rate limits and sessions see the real client.
 */
const clientIpHeader: RequestHandler = (req, _res, next) => {
  delete req.headers[CLIENT_IP_HEADER];
  if (req.ip) req.headers[CLIENT_IP_HEADER] = req.ip;
  next();
};

/**
 * Mounted before any body parser: better-auth reads the raw request itself. `handler` is
 * better-auth's, with the calls that change roles taking turns (membership-turns.ts).
 */
export function authRoutes(handler: AuthHandler): Router {
  const router = Router();
  router.all("/api/auth/{*splat}", clientIpHeader, toNodeHandler(handler));
  return router;
}
