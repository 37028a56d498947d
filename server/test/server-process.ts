/**
 * The server as its own process (`node --import tsx server/main.ts`, `npm start` without the
 * client build), on a free loopback port. Its module state (better-auth's memory stores) is
 * not shared with the test's, and a crash shows as an exit.
 *
 * Two ways in, one process: `startServerProcess` for a test that needs a second server and
 * awaits its address; `spawnServerProcess` for one where the process itself is under test,
 * watching its address, its exit and its signals.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import path from "node:path";
import type { Readable } from "node:stream";

const repoRoot = path.resolve(import.meta.dirname, "../..");

type ProcessEnd = { code: number | null; signal: NodeJS.Signals | null; stderr: string };

export type SpawnedServerProcess = {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the address main prints once it listens; rejects if it exits first. */
  url: Promise<string>;
  exit: Promise<ProcessEnd>;
  /** SIGKILL if it still runs; resolves once it has exited. */
  kill: () => Promise<ProcessEnd>;
};

/** Starts the process and returns at once. */
export function spawnServerProcess(env: Record<string, string>): SpawnedServerProcess {
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
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  // "close" rather than "exit": by then everything the process wrote has been read.
  const exit = new Promise<ProcessEnd>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal, stderr })),
  );
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", () => {
      const match = /Tasks is running at (\S+)/.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    void exit.then(({ code }) => reject(new Error(`main exited with ${code}: ${stderr}`)));
  });
  url.catch(() => {});
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    return exit;
  };
  return { child, url, exit, kill };
}

/** A server process that listens: its address, and a stop that ends it with SIGTERM. */
export type ServerProcess = { url: string; stop: () => Promise<void> };

/** Starts the process and resolves once it listens; rejects if it exits first. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const server = spawnServerProcess(env);
  const url = await server.url;
  return {
    url,
    stop: async () => {
      server.child.kill("SIGTERM");
      await server.exit;
    },
  };
}
