import { loadConfig, type Config } from "../config.ts";
import { startServer, type RunningServer } from "../server.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export type TestServer = RunningServer & { database: TestDatabase; stop: () => Promise<void> };

/** The configuration of a test server on a free loopback port using the given database. */
export function testConfig(
  database: Pick<TestDatabase, "dataDir" | "databaseUrl">,
  env: Record<string, string> = {},
): Config {
  return loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
}

/**
 * The real server on a free port with a fresh database, as the integration tests use it.
 * Pass the database of a server already closed (`close()`, not `stop()`) to restart on its data.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  existingDatabase?: TestDatabase,
): Promise<TestServer> {
  const database = existingDatabase ?? (await createTestDatabase());
  const server = await startServer(testConfig(database, env));
  return {
    ...server,
    database,
    stop: async () => {
      await server.close();
      await database.drop();
    },
  };
}
