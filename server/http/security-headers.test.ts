import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_START_TIMEOUT } from "../test/sync-client.ts";
import { serveApp } from "../test/serve-app.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { securityHeaders } from "./security-headers.ts";

const policy = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(";");

describe("the server's answers", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await server?.stop();
  });

  it.each(["/", "/dashboard", "/api/health", "/api/no-such-route"])(
    "%s carries the content security policy and forbids sniffing and framing",
    async (path) => {
      const response = await fetch(`${server.url}${path}`);

      expect(response.headers.get("content-security-policy")).toBe(policy);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
    },
  );

  it("sends no HSTS over plain http", async () => {
    const response = await fetch(`${server.url}/api/health`);

    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});

it("over https the browser is told to stay on https and to upgrade any plain http request", async () => {
  const app = await serveApp(
    express()
      .use(securityHeaders({ https: true }))
      .get("/", (_req, res) => {
        res.send("ok");
      }),
  );
  const response = await fetch(app.url);
  await app.close();

  expect(response.headers.get("strict-transport-security")).toBe(
    "max-age=31536000; includeSubDomains",
  );
  expect(response.headers.get("content-security-policy")).toBe(
    `${policy};upgrade-insecure-requests`,
  );
});
