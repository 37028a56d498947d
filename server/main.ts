import { ConfigError, loadConfig } from "./config.ts";
import { startServer } from "./server.ts";

/** Process entry: read the configuration, start, and shut down cleanly on SIGINT or SIGTERM. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const server = await startServer(config);

  // Before announcing the address: whoever waits for it may send a signal at once, and a
  // signal with no handler yet kills the process without closing the database.
  const shutdown = (signal: string) => {
    server.logger.info({ signal }, "shutting down");
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.once("SIGTERM", () => shutdown("SIGTERM"));

  const database =
    server.db.mode === "embedded"
      ? `embedded PGlite (data in ${config.dataDir})`
      : "PostgreSQL (DATABASE_URL)";
  server.logger.info({ url: server.url, database: server.db.mode }, "server started");
  console.log(`Tasks is running at ${server.url}\nDatabase: ${database}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
