import { loadConfig, type Config } from "../config.ts";
import { startServer, type RunningServer } from "../server.ts";
import { createTestDatabase, type TestDatabase } from "./test-database.ts";

export type TestServer = RunningServer & { database: TestDatabase; stop: () => Promise<void> };

/** The real server on a free port with a fresh database, as the integration tests use it. */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const config: Config = loadConfig({
    NODE_ENV: "test",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "silent",
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...env,
  });
  const server = await startServer(config);
  return {
    ...server,
    database,
    stop: async () => {
      await server.close();
      await database.drop();
    },
  };
}
