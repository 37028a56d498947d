import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/database.ts";
import { defaultMigrationsDir, listMigrationFiles } from "../db/migrate.ts";
import { serveApp, type ServedApp } from "../test/serve-app.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { healthRoutes } from "./health-routes.ts";

const expectedMode = process.env.DATABASE_URL ? "postgres" : "embedded";

describe("GET /api/health and /api/ready with the database up", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it.each(["health", "ready"])(
    `/api/%s answers 200 ok and names the ${expectedMode} database`,
    async (route) => {
      const response = await fetch(`${server.url}/api/${route}`);

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, database: expectedMode });
    },
  );

  it("is not ready while draining, and still alive", async () => {
    const lifecycle = { draining: true };
    const app = await serveApp(express().use(healthRoutes(server.db, lifecycle)));
    try {
      const ready = await fetch(`${app.url}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        ok: false,
        database: expectedMode,
        reason: "draining",
      });
      expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
      lifecycle.draining = false;
      expect((await fetch(`${app.url}/api/ready`)).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it("is not ready when this build knows a migration the database has not had", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "migrations-"));
    for (const file of await listMigrationFiles(defaultMigrationsDir)) {
      await copyFile(path.join(defaultMigrationsDir, file), path.join(dir, file));
    }
    await writeFile(path.join(dir, "9999_from_a_newer_build.sql"), "select 1;");
    const app = await serveApp(express().use(healthRoutes(server.db, undefined, dir)));
    try {
      const ready = await fetch(`${app.url}/api/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ok: false, reason: "migrations" });
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("GET /api/health and /api/ready when the database is stopped", () => {
  let db: Database;
  let app: ServedApp;

  beforeAll(async () => {
    const stopped = createServer();
    await new Promise<void>((resolve) => stopped.listen(0, "127.0.0.1", resolve));
    const port = listeningPort(stopped);
    await new Promise((resolve) => stopped.close(resolve));
    db = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/tasks` });
    app = await serveApp(express().use(healthRoutes(db)));
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("is not ready (503, the database), and still alive: an outage restarts no instance", async () => {
    const response = await fetch(`${app.url}/api/ready`);

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, database: "postgres", reason: "database" });
    expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
  });
});

describe("GET /api/ready when the database accepts connections but never answers", () => {
  let silentDatabase: Server;
  const connections = new Set<Socket>();
  let db: Database;
  let app: ServedApp;

  beforeAll(async () => {
    silentDatabase = createServer((socket) => connections.add(socket));
    await new Promise<void>((resolve) => silentDatabase.listen(0, "127.0.0.1", resolve));
    const port = listeningPort(silentDatabase);
    db = await openDatabase({ databaseUrl: `postgres://postgres@127.0.0.1:${port}/tasks` });
    app = await serveApp(express().use(healthRoutes(db)));
  });

  afterAll(async () => {
    await app?.close();
    const stopped = new Promise((resolve) => silentDatabase?.close(resolve));
    for (const socket of connections) socket.destroy();
    await stopped;
    await db?.close();
  });

  it("gives up after two seconds and answers 503 with ok false", async () => {
    const started = Date.now();
    const response = await fetch(`${app.url}/api/ready`);

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, database: "postgres", reason: "database" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });
});

function listeningPort(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("expected a TCP port");
  return address.port;
}
