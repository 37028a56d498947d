import { connectPostgres } from "./db/database.ts";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { freePort } from "../e2e/support/server-process.ts";
import { MIGRATION_LOCK_ID } from "./db/migrate.ts";
import { startServer } from "./server.ts";
import { connectsTo } from "./test/connects-to.ts";
import { createTestDatabase, type TestDatabase } from "./test/test-database.ts";
import { testConfig } from "./test/test-server.ts";

let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase();
});

afterEach(async () => {
  await database?.drop();
});

it("keeps the data written before a restart", async () => {
  const first = await startServer(testConfig(database));
  await first.db.sql`create table note (body text not null)`;
  await first.db.sql`insert into note (body) values ('written before the restart')`;
  await first.close();

  const second = await startServer(testConfig(database));
  const notes = await second.db.sql`select body from note`;
  await second.close();

  expect(notes).toEqual([{ body: "written before the restart" }]);
}, 120_000);

it("closing refuses new connections, lets a request in flight finish, then completes at once", async () => {
  const server = await startServer(testConfig(database));
  // Hold every pooled connection, so the readiness check waits for one: a request in flight.
  const held = await Promise.all(
    Array.from({ length: server.db.sql.options.max }, () => server.db.sql.reserve()),
  );
  const queries = vi.spyOn(server.db, "sql");
  let answered = false;
  const inFlight = fetch(`${server.url}/api/ready`).finally(() => (answered = true));
  await vi.waitFor(() => expect(queries).toHaveBeenCalled());

  const closed = server.close();
  await expect(connectsTo(server.port)).resolves.toBe(false);
  expect(answered).toBe(false);
  for (const connection of held) connection.release();
  const response = await inFlight;
  const started = Date.now();
  await closed;

  // Answered, not cut: and by then the instance says it is draining.
  expect(response.status).toBe(503);
  expect(await response.json()).toMatchObject({ ok: false, reason: "draining" });
  expect(Date.now() - started).toBeLessThan(1000);
}, 60_000);

// Another instance holding the migration lock keeps this one migrating for as long as the test likes.
it.runIf(process.env.DATABASE_URL)(
  "a request while the database migrates is answered at once with 503 STARTING, then by the app",
  async () => {
    const port = await freePort();
    const otherMigrator = connectPostgres(database.databaseUrl ?? "", {
      max: 1,
      onnotice: () => {},
    });
    await otherMigrator`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    let starting: ReturnType<typeof startServer> | undefined;
    let early: Response | undefined;
    try {
      starting = startServer(testConfig(database, { PORT: String(port) }));
      // Refused until the server listens; from then on every request must be answered.
      early = await vi.waitFor(() => fetch(`http://127.0.0.1:${port}/api/health`), {
        timeout: 30_000,
        interval: 50,
      });
    } finally {
      await otherMigrator`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
      await otherMigrator.end();
    }
    const server = await starting;
    const ready = await fetch(`${server.url}/api/health`);
    await server.close();

    expect(early.status).toBe(503);
    expect(early.headers.get("retry-after")).toBe("1");
    expect(await early.json()).toEqual({
      code: "STARTING",
      message: "The server is starting. Try again shortly.",
    });
    expect(await ready.json()).toMatchObject({ ok: true });
  },
  60_000,
);
