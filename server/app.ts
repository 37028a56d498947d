import express from "express";
import { attachmentRoutes } from "./attachments/attachment-routes.ts";
import type { AttachmentStorage } from "./attachments/storage.ts";
import { authRoutes } from "./auth/auth-routes.ts";
import { mailedLinkRoutes } from "./auth/mailed-links.ts";
import { inMembershipTurns } from "./auth/membership-turns.ts";
import type { Auth } from "./auth/auth.ts";
import type { Config, S3Config } from "./config.ts";
import { configRoutes } from "./config-routes.ts";
import { exportRoutes } from "./export/export-routes.ts";
import type { Database } from "./db/database.ts";
import { healthRoutes, type Lifecycle } from "./health/health-routes.ts";
import { apiErrorHandler, apiNotFound } from "./http/api-error.ts";
import { requestId } from "./http/request-id.ts";
import { responseCompression } from "./http/response-compression.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { staticClient } from "./http/static-client.ts";
import { proxyTrust } from "./http/trusted-proxies.ts";
import type { Logger } from "./logger.ts";
import { httpMetrics, type Metrics } from "./metrics/metrics.ts";
import { metricsRoutes } from "./metrics/metrics-routes.ts";
import { outboxRoutes } from "./mail/outbox-routes.ts";
import type { Presence } from "./presence/presence.ts";
import { presenceRoutes } from "./presence/presence-routes.ts";
import { pictureRoutes } from "./pictures/picture-routes.ts";
import { invitationRoutes } from "./invitation/invitation-routes.ts";
import { unsubscribeRoutes } from "./notifications/unsubscribe-routes.ts";
import { publicProjectRoutes } from "./public-project/public-project-routes.ts";
import type { Pokes } from "./sync/poke.ts";
import { searchRoutes } from "./search/search-routes.ts";
import { syncRoutes } from "./sync/sync-routes.ts";

type AppDeps = {
  config: Config;
  db: Database;
  logger: Logger;
  auth: Auth;
  pokes: Pokes;
  presence: Presence;
  /** Signs the unsubscribe links of notification mail. */
  secret: string;
  /** Where attachment bytes live (server/attachments/). */
  storage: AttachmentStorage;
  /** Whether the instance is draining (SIGTERM): /api/ready then answers 503. */
  lifecycle: Lifecycle;
  /** The instance's metrics (server/metrics/), at /metrics. */
  metrics: Metrics;
};

/** Where the browser reaches the bucket: the endpoint, or AWS's own host for the bucket. */
function storageOrigin(s3: S3Config): string {
  if (s3.endpoint) return new URL(s3.endpoint).origin;
  return s3.forcePathStyle
    ? `https://s3.${s3.region}.amazonaws.com`
    : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
}

export function createApp(deps: AppDeps): express.Express {
  const { config, db, logger, auth, pokes, presence, secret, storage, lifecycle, metrics } = deps;
  const app = express();
  app.disable("x-powered-by");
  // req.ip, and so the client address better-auth rate-limits by, comes from X-Forwarded-For
  // only as the nearest trusted proxy appended it (trusted-proxies.ts).
  app.set("trust proxy", proxyTrust(config.trustedProxies));
  app.use(requestId);
  app.use(httpMetrics(metrics));
  app.use(
    securityHeaders({
      https: (config.baseUrl ?? "").startsWith("https:"),
      // The browser PUTs and GETs attachment bytes there directly.
      storageOrigin: config.s3 && storageOrigin(config.s3),
    }),
  );
  app.use(responseCompression());

  const authHandler = inMembershipTurns(auth.handler, db);
  app.use(mailedLinkRoutes({ auth, handler: authHandler, sql: db.sql }));
  app.use(authRoutes(authHandler));
  app.use(
    syncRoutes({
      auth,
      sql: db.sql,
      logger,
      pokes,
      maxUploadBytes: config.maxUploadMb * 1024 * 1024,
      metrics,
    }),
  );
  app.use(
    attachmentRoutes({
      auth,
      sql: db.sql,
      storage,
      announcer: pokes.announcer,
      quotaMb: config.attachmentQuotaMb,
    }),
  );
  app.use(presenceRoutes({ auth, sql: db.sql, presence }));
  app.use(pictureRoutes({ auth, sql: db.sql }));
  app.use(searchRoutes({ auth, sql: db.sql }));
  app.use(exportRoutes({ auth, sql: db.sql }));
  app.use(healthRoutes(db, lifecycle));
  app.use(metricsRoutes(metrics, config.metricsToken));
  app.use(configRoutes(config));
  app.use(publicProjectRoutes(db.sql));
  app.use(invitationRoutes(db.sql));
  app.use(unsubscribeRoutes({ sql: db.sql, secret, announcer: pokes.announcer }));
  if (config.nodeEnv !== "production" && !config.smtpUrl) app.use(outboxRoutes(db.sql));
  app.use("/api", apiNotFound);
  app.use(apiErrorHandler(logger));
  app.use(staticClient({ serveSourceMaps: config.serveSourceMaps }));
  return app;
}
