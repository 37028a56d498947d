import { Router } from "express";
import { SCHEMA_VERSION } from "../shared/schema-version.ts";
import type { Config } from "./config.ts";

/** `GET /api/config`: what the client needs to know before anyone signs in (SPEC.md section 7). */
export function configRoutes(config: Config): Router {
  const router = Router();
  router.get("/api/config", (_req, res) => {
    res.json({
      disableRegistration: config.disableRegistration,
      // The largest attachment, so the browser refuses a bigger file before uploading it.
      maxUploadMb: config.maxUploadMb,
      // The client compares it with its own build's to know when to reload (server/sync/README.md).
      schemaVersion: SCHEMA_VERSION,
      // Which sign-in buttons to show: the social providers and the OIDC provider configured here.
      socialProviders: Object.keys(config.socialProviders),
      oidcProvider: config.oidc ? { id: config.oidc.providerId, name: config.oidc.name } : null,
    });
  });
  return router;
}
