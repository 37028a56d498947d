import { execFileSync, spawn } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { rawRequest } from "../server/test/raw-http.ts";

const repoRoot = path.resolve(import.meta.dirname, "..");
let tmp: string | undefined;

afterEach(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
  tmp = undefined;
});

/** The working tree as a fresh clone would have it (no dist/, no data), sharing node_modules. */
function freshCheckout(target: string) {
  const files = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    { cwd: repoRoot, encoding: "utf8" },
  )
    .split("\0")
    .filter((file) => file && existsSync(path.join(repoRoot, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(repoRoot, file), path.join(target, file));
  }
  symlinkSync(path.join(repoRoot, "node_modules"), path.join(target, "node_modules"), "dir");
}

it("`npm start` in a fresh checkout with no environment builds the client, then serves it (compressed) and the API", async () => {
  tmp = mkdtempSync(path.join(tmpdir(), "tasks-first-start-"));
  const app = path.join(tmp, "app");
  freshCheckout(app);
  expect(existsSync(path.join(app, "dist"))).toBe(false);

  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: app,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: "0", DATA_DIR: `${tmp}/data` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.once("close", resolve));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on("data", () => {
        const match = /Tasks is running at (\S+)/.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      void exit.then((code) => reject(new Error(`npm start exited with ${code}:\n${output}`)));
    });

    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ ok: true, database: "embedded" });
    const page = await fetch(`${url}/`);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    // The entry and the modules it preloads; the entry may be a facade of a few bytes
    // (vite.config.ts: modules run in source order), the app's code is in the others.
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)];
    const scripts = [entry, ...preloads.map((match) => match[1])];
    let compressedBytes = 0;
    for (const script of scripts) {
      const plain = await rawRequest(`${url}${script}`);
      const sent = await rawRequest(`${url}${script}`, {
        headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
      });
      expect(sent.status).toBe(200);
      // Below 1 KB a compressed copy would cost more in headers than it saves.
      if (plain.body.length < 1024) continue;
      expect(sent.headers["content-encoding"], script).toBe("br");
      compressedBytes += plain.body.length;
    }
    expect(compressedBytes).toBeGreaterThan(100_000);
    // The service worker precaches the files themselves, never their compressed copies.
    const worker = readFileSync(path.join(app, "dist/client/sw.js"), "utf8");
    expect(worker).toContain(`"${entry?.slice(1)}"`);
    expect(worker).not.toMatch(/\.(br|gz)"/);

    child.kill("SIGTERM");
    expect(await exit).toBe(0);
  } finally {
    child.kill("SIGKILL");
  }
}, 240_000);
