import { spawn } from "node:child_process";
import { createTestDatabase } from "../../server/test/test-database.ts";
import { startOidcProvider } from "./oidc-provider.ts";
import { freePort, waitForHealth } from "./server-process.ts";

/**
 * Starts the built server on a free port with a fresh database (a new database on the
 * Postgres of DATABASE_URL, or a new embedded data folder) and a local OpenID Connect
 * provider to sign in with, and stops both after the run.
 */
export default async function globalSetup() {
  const oidc = await startOidcProvider();
  const port = await freePort();
  const database = await createTestDatabase("e2e");
  const { databaseUrl, dataDir } = database;

  const baseUrl = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    BASE_URL: baseUrl,
    ...oidc.env,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  env.LOG_LEVEL ??= "warn";
  // A small quota, so that the test of a full workspace (attachments.spec.ts) fills one with a
  // few megabytes; every other test's files are bytes.
  env.ATTACHMENT_QUOTA_MB ??= "2";

  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(`${baseUrl}/api/health`, server, 60_000);
  process.env.E2E_BASE_URL = baseUrl;

  return async () => {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
    await oidc.stop();
    await database.drop();
  };
}
