import express from "express";
import type { Config } from "./config.ts";
import { configRoutes } from "./config-routes.ts";
import type { Database } from "./db/database.ts";
import { healthRoutes } from "./health/health-routes.ts";
import { apiErrorHandler, apiNotFound } from "./http/api-error.ts";
import { staticClient } from "./http/static-client.ts";
import type { Logger } from "./logger.ts";

/** `url` is the public address of this server (BASE_URL, or the local address it listens on). */
export type AppDeps = { config: Config; db: Database; logger: Logger; url: string };

export function createApp({ config, db, logger }: AppDeps): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);

  app.use(healthRoutes(db));
  app.use(configRoutes(config));
  app.use("/api", apiNotFound);
  app.use(apiErrorHandler(logger));
  app.use(staticClient());
  return app;
}
