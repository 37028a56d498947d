import { connect } from "node:net";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { startServer } from "./server.ts";
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
  // Hold every pooled connection, so the health check waits for one: a request in flight.
  const held = await Promise.all(
    Array.from({ length: server.db.sql.options.max }, () => server.db.sql.reserve()),
  );
  const queries = vi.spyOn(server.db, "sql");
  let answered = false;
  const inFlight = fetch(`${server.url}/api/health`).finally(() => (answered = true));
  await vi.waitFor(() => expect(queries).toHaveBeenCalled());

  const closed = server.close();
  await expect(connectsTo(server.port)).resolves.toBe(false);
  expect(answered).toBe(false);
  for (const connection of held) connection.release();
  const response = await inFlight;
  const started = Date.now();
  await closed;

  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ ok: true });
  expect(Date.now() - started).toBeLessThan(1000);
}, 60_000);

function connectsTo(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
