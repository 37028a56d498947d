import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { configRoutes } from "./config-routes.ts";
import { serveApp, type ServedApp } from "./test/serve-app.ts";
import { startTestServer, type TestServer } from "./test/test-server.ts";

describe("GET /api/config", () => {
  let app: ServedApp | undefined;

  afterEach(async () => {
    await app?.close();
  });

  it.each([
    [{ DISABLE_REGISTRATION: "true" }, true],
    [{ DISABLE_REGISTRATION: "false" }, false],
    [{}, false],
  ])("with %o tells the client disableRegistration is %s", async (env, disabled) => {
    app = await serveApp(express().use(configRoutes(loadConfig(env))));

    const response = await fetch(`${app.url}/api/config`);

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ disableRegistration: disabled });
  });
});

describe("GET /api/config on a server started with DISABLE_REGISTRATION=true", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ DISABLE_REGISTRATION: "true" });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("tells the client registration is disabled", async () => {
    const response = await fetch(`${server.url}/api/config`);

    expect(await response.json()).toMatchObject({ disableRegistration: true });
  });
});
