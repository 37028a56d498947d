import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db/database.ts";
import { defaultMigrationsDir, listMigrationFiles } from "./db/migrate.ts";
import { spawnServerProcess, type SpawnedServerProcess } from "./test/server-process.ts";
import { createTestDatabase, type TestDatabase } from "./test/test-database.ts";

const startTimeout = 120_000;

const running: SpawnedServerProcess[] = [];

/** `node --import tsx server/main.ts` (`npm start` without the client build), killed after the test. */
function startMain(env: Record<string, string>): SpawnedServerProcess {
  const main = spawnServerProcess(env);
  running.push(main);
  return main;
}

function databaseEnv(database: TestDatabase): Record<string, string> {
  return {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  };
}

/** A test that failed half-way leaves its processes running. */
async function killLeftovers() {
  for (const main of running.splice(0)) await main.kill();
}

afterEach(killLeftovers);

it("refuses PORT=abc with a message naming PORT and a non-zero exit", async () => {
  const main = startMain({ PORT: "abc" });

  const { code, stderr } = await main.exit;

  expect(code).not.toBe(0);
  expect(stderr).toContain("PORT: expected a port number from 0 to 65535");
});

describe("a started server", () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });

  afterEach(async () => {
    await killLeftovers();
    await database?.drop();
  });

  it(
    "answers /api/health, exits 0 on SIGTERM and keeps what it wrote to the database",
    async () => {
      const main = startMain(databaseEnv(database));
      const url = await main.url;

      const health = await fetch(`${url}/api/health`);
      expect(await health.json()).toMatchObject({ ok: true });
      main.child.kill("SIGTERM");

      expect((await main.exit).code).toBe(0);
      const reopened = await openDatabase({
        databaseUrl: database.databaseUrl,
        dataDir: database.dataDir,
      });
      const recorded = await reopened.sql<{ name: string }[]>`
        select name from schema_migration order by name`;
      await reopened.close();
      expect(recorded.map((row) => row.name)).toEqual(
        await listMigrationFiles(defaultMigrationsDir),
      );
    },
    startTimeout,
  );

  it(
    "exits 0 on SIGINT",
    async () => {
      const main = startMain(databaseEnv(database));
      await main.url;

      main.child.kill("SIGINT");

      expect(await main.exit).toMatchObject({ code: 0 });
    },
    startTimeout,
  );

  it.runIf(process.env.DATABASE_URL)(
    "two instances started at the same moment on one empty database both answer, and each migration is applied once",
    async () => {
      const env = { ...databaseEnv(database), BETTER_AUTH_SECRET: "s".repeat(32) };
      const instances = [startMain(env), startMain(env)];

      const urls = await Promise.all(instances.map((instance) => instance.url));
      for (const url of urls) {
        const health = await fetch(`${url}/api/health`);
        expect(await health.json()).toEqual({ ok: true, database: "postgres" });
      }
      const db = await openDatabase({ databaseUrl: database.databaseUrl });
      const counts = await db.sql<{ name: string; count: number }[]>`
        select name, count(*)::int as count from schema_migration group by name order by name`;
      await db.close();
      const files = await listMigrationFiles(defaultMigrationsDir);
      expect(counts).toEqual(files.map((name) => ({ name, count: 1 })));
      for (const instance of instances) instance.child.kill("SIGTERM");
      const exits = await Promise.all(instances.map((instance) => instance.exit));
      expect(exits.map((exit) => exit.code)).toEqual([0, 0]);
    },
    startTimeout,
  );
});
