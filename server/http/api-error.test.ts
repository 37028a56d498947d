import { createServer, type AddressInfo } from "node:net";
import express from "express";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveApp, type ServedApp } from "../test/serve-app.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { ApiError, apiErrorHandler } from "./api-error.ts";

describe("an unknown API path on the real server", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("answers 404 JSON with code NOT_FOUND naming the path, not the client's page", async () => {
    const response = await fetch(`${server.url}/api/no-such-thing?x=1`);

    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({
      code: "NOT_FOUND",
      message: "No API route GET /api/no-such-thing",
    });
  });

  it("answers 404 NOT_FOUND to any method", async () => {
    const response = await fetch(`${server.url}/api/no-such-thing`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("the API error handler", () => {
  const logged: string[] = [];
  let app: ServedApp;

  beforeAll(async () => {
    const routes = express();
    routes.post("/api/echo", express.json({ limit: "1kb" }), (req, res) => {
      res.json(req.body);
    });
    routes.get("/api/forbidden", () => {
      throw new ApiError(403, "FORBIDDEN", "You cannot do that");
    });
    routes.get("/api/broken", async () => {
      throw new Error("secret detail of a bug");
    });
    routes.get("/api/database-down", async () => {
      // A real postgres.js error: a port nothing listens on.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise((resolve) => probe.close(resolve));
      const sql = postgres(`postgres://postgres@127.0.0.1:${port}/none`, { max: 1 });
      try {
        await sql`select 1`;
      } finally {
        await sql.end({ timeout: 0 });
      }
    });
    routes.get("/api/deadlocked", () => {
      // What a transaction throws once its retries are spent (db/transaction.ts).
      throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
    });
    routes.get("/api/wrapped-database-down", () => {
      // As a library wraps the database's error in one of its own.
      throw new Error("Failed to get session", {
        cause: Object.assign(new Error("terminating connection"), { code: "57P01" }),
      });
    });
    routes.use(
      apiErrorHandler({
        error: (_details, message) => logged.push(message),
        warn: (_details, message) => logged.push(message),
      }),
    );
    app = await serveApp(routes);
  });

  afterAll(async () => {
    await app?.close();
  });

  const postJson = (body: string) =>
    fetch(`${app.url}/api/echo`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });

  it("answers a malformed JSON body with 400 VALIDATION_ERROR", async () => {
    const response = await postJson('{"title": ');

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "VALIDATION_ERROR",
      message: "Invalid body parameters",
    });
  });

  it("answers a body over the limit with 413 PAYLOAD_TOO_LARGE", async () => {
    const response = await postJson(JSON.stringify({ title: "x".repeat(2000) }));

    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: "Request body too large",
    });
  });

  it("answers an ApiError with its own status, code and message", async () => {
    const response = await fetch(`${app.url}/api/forbidden`);

    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: "FORBIDDEN", message: "You cannot do that" });
  });

  it("answers a database out of reach with 503 DATABASE_UNAVAILABLE and Retry-After", async () => {
    const response = await fetch(`${app.url}/api/database-down`);

    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toEqual({
      code: "DATABASE_UNAVAILABLE",
      message: "The database is unavailable. Try again shortly.",
    });
    expect(logged).toContain("database unavailable");
    const wrapped = await fetch(`${app.url}/api/wrapped-database-down`);
    expect(wrapped.status).toBe(503);
  });

  it("answers a transaction that deadlocked past its retries with 503 DATABASE_BUSY and Retry-After", async () => {
    const response = await fetch(`${app.url}/api/deadlocked`);

    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect(await response.json()).toEqual({
      code: "DATABASE_BUSY",
      message: "The database is busy. Try again shortly.",
    });
    expect(logged).toContain("database busy");
  });

  it("answers an unexpected error with 500, logs it, and does not reveal it", async () => {
    const response = await fetch(`${app.url}/api/broken`);

    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({
      code: "INTERNAL_SERVER_ERROR",
      message: "Internal server error",
    });
    expect(logged).toContain("unhandled API error");
  });
});
