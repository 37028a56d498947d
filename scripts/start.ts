/**
 * `npm start`: builds the client when it has not been built yet, then starts the server
 * (which applies migrations before it listens).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const clientIndex = path.join(root, "dist/client/index.html");

if (!existsSync(clientIndex)) {
  console.log("Building the client (first start)…");
  // In a process of its own: a build sets NODE_ENV=production in the environment of the
  // process it runs in, and the server must read the environment it was started with.
  const viteBin = path.join(
    path.dirname(createRequire(import.meta.url).resolve("vite/package.json")),
    "bin/vite.js",
  );
  const built = spawnSync(process.execPath, [viteBin, "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  if (built.status !== 0) {
    console.error("The client build failed.");
    process.exit(built.status ?? 1);
  }
}

await import("../server/main.ts");
