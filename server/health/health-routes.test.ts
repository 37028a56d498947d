import { createServer, type Server, type Socket } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/database.ts";
import { serveApp, type ServedApp } from "../test/serve-app.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { healthRoutes } from "./health-routes.ts";

const expectedMode = process.env.DATABASE_URL ? "postgres" : "embedded";

describe("GET /api/health with the database up", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it(`answers 200 ok and names the ${expectedMode} database`, async () => {
    const response = await fetch(`${server.url}/api/health`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, database: expectedMode });
  });
});

describe("GET /api/health when the database is stopped", () => {
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

  it("answers 503 with ok false", async () => {
    const response = await fetch(`${app.url}/api/health`);

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, database: "postgres" });
  });
});

describe("GET /api/health when the database accepts connections but never answers", () => {
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
    const response = await fetch(`${app.url}/api/health`);

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ ok: false, database: "postgres" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });
});

function listeningPort(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("expected a TCP port");
  return address.port;
}
