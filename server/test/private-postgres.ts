/**
 * A PostgreSQL cluster of a test's own (initdb + pg_ctl in a temporary folder, on a free
 * loopback port), so the test may stop, kill and restart it without disturbing anything else.
 * The binaries come from POSTGRES_BIN_DIR, else Debian's PostgreSQL 15 folder. initdb and
 * pg_ctl refuse to run as root: as root they run as the `postgres` user, in a folder it owns.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

const DEFAULT_BIN_DIR = "/usr/lib/postgresql/15/bin";
const OS_USER = "postgres";

/** `fast` disconnects clients and shuts down cleanly; `immediate` is a crash (recovery on start). */
type StopMode = "fast" | "immediate";

export type PrivatePostgres = {
  /** The cluster's `postgres` database as its superuser (trust authentication). */
  url: string;
  stop: (mode: StopMode) => Promise<void>;
  start: () => Promise<void>;
  restart: (mode: StopMode) => Promise<void>;
  /** Stops the cluster and deletes its folder. */
  destroy: () => Promise<void>;
};

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const binDir = process.env.POSTGRES_BIN_DIR ?? DEFAULT_BIN_DIR;
  for (const binary of ["initdb", "pg_ctl"]) {
    if (!existsSync(path.join(binDir, binary))) {
      throw new Error(
        `${binary} not found in ${binDir}: install PostgreSQL's server binaries or set POSTGRES_BIN_DIR`,
      );
    }
  }
  const asRoot = userInfo().uid === 0;
  const folder = await mkdtemp(path.join(tmpdir(), "tasks-private-pg-"));
  if (asRoot) {
    const { stdout } = await run("id", ["-u", OS_USER]);
    const { stdout: group } = await run("id", ["-g", OS_USER]);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const dataDir = path.join(folder, "data");
  const tool = (binary: string, args: string[]) => {
    const file = path.join(binDir, binary);
    return asRoot ? run("runuser", ["-u", OS_USER, "--", file, ...args]) : run(file, args);
  };
  const pgCtl = (...args: string[]) =>
    tool("pg_ctl", ["-D", dataDir, "-l", path.join(folder, "server.log"), "-w", ...args]);

  const port = await freePort();
  await tool("initdb", [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ]);
  // The socket folder is ours rather than /var/run/postgresql, which may not exist or be writable.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${folder} -c fsync=off`;
  await pgCtl("-o", options, "start");

  const start = async () => {
    await pgCtl("-o", options, "start");
  };
  const stop = async (mode: StopMode) => {
    await pgCtl("-m", mode, "stop");
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    restart: async (mode) => {
      await stop(mode);
      await start();
    },
    destroy: async () => {
      await stop("immediate").catch(() => {});
      await rm(folder, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === "string") throw new Error("expected a TCP port");
  return address.port;
}
