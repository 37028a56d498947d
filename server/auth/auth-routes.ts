import type { RequestHandler } from "express";
import { Router } from "express";
import { toNodeHandler } from "better-auth/node";
import { CLIENT_IP_HEADER, type Auth } from "./auth.ts";

/**
 * better-auth takes the client's address only from a header. With no proxy in front we set
 * our own from the socket and drop any copy the client sent, so rate limits are per client.
 */
const clientIpHeader: RequestHandler = (req, _res, next) => {
  delete req.headers[CLIENT_IP_HEADER];
  const address = req.socket.remoteAddress;
  if (address) req.headers[CLIENT_IP_HEADER] = address;
  next();
};

/** Mounted before any body parser: better-auth reads the raw request itself. */
export function authRoutes(auth: Auth): Router {
  const router = Router();
  router.all("/api/auth/{*splat}", clientIpHeader, toNodeHandler(auth));
  return router;
}
