/**
 * The server as its own process (`node --import tsx server/main.ts`, `npm start` without the
 * client build), for tests where the process itself is under test: a crash shows as an exit.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import path from "node:path";
import type { Readable } from "node:stream";

const repoRoot = path.resolve(import.meta.dirname, "../..");

export type ProcessEnd = { code: number | null; signal: NodeJS.Signals | null; stderr: string };

export type MainProcess = {
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the address main prints once it listens; rejects if it exits first. */
  url: Promise<string>;
  exit: Promise<ProcessEnd>;
  /** SIGKILL if it still runs; resolves once it has exited. */
  kill: () => Promise<ProcessEnd>;
};

export function startMainProcess(env: Record<string, string>): MainProcess {
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
