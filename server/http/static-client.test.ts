import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawRequest } from "../test/raw-http.ts";
import { serveApp, type ServedApp } from "../test/serve-app.ts";
import { writePrecompressedFiles } from "./precompressed.ts";
import { staticClient } from "./static-client.ts";

/** A built client in miniature, precompressed as the build does it. */
let distDir: string;
const script = "export const board = () => 'a board of tasks';\n".repeat(200);
const worker = "self.addEventListener('fetch', () => {});\n".repeat(100);

beforeAll(async () => {
  distDir = await mkdtemp(path.join(tmpdir(), "tasks-dist-"));
  await mkdir(path.join(distDir, "assets"));
  await writeFile(path.join(distDir, "index.html"), "<!doctype html><title>Tasks</title>");
  await writeFile(path.join(distDir, "assets/entry-abc123.js"), script);
  await writeFile(path.join(distDir, "assets/entry-abc123.js.map"), '{"version":3}');
  await writeFile(path.join(distDir, "sw.js"), worker);
  await writePrecompressedFiles(distDir);
  // Beside the built client, out of its reach.
  await writeFile(path.join(distDir, "../tasks-dist-outside.js.br"), "secret");
});

afterAll(async () => {
  await rm(distDir, { recursive: true, force: true });
  await rm(path.join(distDir, "../tasks-dist-outside.js.br"), { force: true });
});

describe("the built client", () => {
  let app: ServedApp;

  beforeAll(async () => {
    app = await serveApp(express().use(staticClient({ distDir })));
  });

  afterAll(async () => {
    await app?.close();
  });

  const get = (urlPath: string, acceptEncoding?: string) =>
    rawRequest(`${app.url}${urlPath}`, {
      headers: acceptEncoding ? { "Accept-Encoding": acceptEncoding } : {},
    });

  it("sends a hashed script as its brotli copy to Chromium, typed as a script and cached for a year", async () => {
    const response = await get("/assets/entry-abc123.js", "gzip, deflate, br, zstd");

    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.body).toEqual(await readFile(path.join(distDir, "assets/entry-abc123.js.br")));
  });

  it("sends the gzip copy to a browser that does not take brotli", async () => {
    const response = await get("/assets/entry-abc123.js", "gzip, deflate");

    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(response.body).toEqual(await readFile(path.join(distDir, "assets/entry-abc123.js.gz")));
  });

  it("sends the file as it is to a client that accepts no compression, still varying by it", async () => {
    const response = await get("/assets/entry-abc123.js");

    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.body.toString()).toBe(script);
  });

  it("sends the service worker compressed too, but revalidated on every load", async () => {
    const response = await get("/sw.js", "br");

    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["cache-control"]).toBe("public, max-age=0");
  });

  it("keeps the source maps to itself", async () => {
    const response = await get("/assets/entry-abc123.js.map", "br");

    expect(response.status).toBe(404);
  });

  it("serves no compressed copy from outside the built client", async () => {
    const response = await get("/..%2ftasks-dist-outside.js", "br");

    expect(response.body.toString()).not.toBe("secret");
    expect(response.headers["content-encoding"]).toBeUndefined();
  });

  it("answers a client route with index.html", async () => {
    const response = await get("/dashboard/workspace/w1/search");

    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body.toString()).toContain("<title>Tasks</title>");
  });
});

it("serves the source maps when SERVE_SOURCE_MAPS asks for them", async () => {
  const app = await serveApp(express().use(staticClient({ distDir, serveSourceMaps: true })));
  const response = await rawRequest(`${app.url}/assets/entry-abc123.js.map`);
  await app.close();

  expect(response.status).toBe(200);
  expect(response.body.toString()).toBe('{"version":3}');
});
