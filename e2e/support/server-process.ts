import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/**
 * Starting the built server as its own process, for the end-to-end tests and the benchmark:
 * a free port to give it, and waiting until it answers its health check.
 */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(),
      );
    });
  });
}

/** Resolves once `url` answers 2xx; stops the server and throws if it exits or times out. */
export async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  server.kill("SIGTERM");
  throw new Error(`The server did not answer ${url} within ${timeoutMs / 1000} s`);
}
