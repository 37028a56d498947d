/**
 * `npm start`: builds the client when it has not been built yet, then starts the server
 * (which applies migrations before it listens).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { build } from "vite";

const clientIndex = path.resolve(import.meta.dirname, "../dist/client/index.html");

if (!existsSync(clientIndex)) {
  console.log("Building the client (first start)…");
  await build({
    configFile: path.resolve(import.meta.dirname, "../vite.config.ts"),
    logLevel: "warn",
  });
}

await import("../server/main.ts");
