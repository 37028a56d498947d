import { spawn } from "node:child_process";
import path from "node:path";

/** A server in a process of its own: module state (better-auth's memory stores) is not shared. */
export type ServerProcess = { url: string; stop: () => Promise<void> };

const repoRoot = path.resolve(import.meta.dirname, "../..");

/** `node --import tsx server/main.ts` on a free loopback port; resolves once it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: "0",
      LOG_LEVEL: "silent",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  let stdout = "";
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const match = /Tasks is running at (\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    void exited.then(() => reject(new Error(`the server process exited: ${stderr}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
