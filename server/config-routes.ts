import { Router } from "express";
import type { Config } from "./config.ts";

/** `GET /api/config`: what the client needs to know before anyone signs in (SPEC.md section 7). */
export function configRoutes(config: Config): Router {
  const router = Router();
  router.get("/api/config", (_req, res) => {
    res.json({
      disableRegistration: config.disableRegistration,
      // Which sign-in buttons to show: the social providers and the OIDC provider configured here.
      socialProviders: Object.keys(config.socialProviders),
      oidcProvider: config.oidc ? { id: config.oidc.providerId, name: config.oidc.name } : null,
    });
  });
  return router;
}
