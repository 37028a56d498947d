import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import postgres from "postgres";

export type DatabaseMode = "embedded" | "postgres";

export type Database = {
  sql: postgres.Sql;
  mode: DatabaseMode;
  /** Where postgres.js connects; for the embedded database a loopback address. */
  url: string;
  close: () => Promise<void>;
};

type DatabaseOptions = {
  /** A real Postgres; when absent the embedded PGlite database is started. */
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `undefined` keeps it in memory (tests). */
  dataDir?: string | undefined;
  poolSize?: number;
};

/** The longest wait, in seconds, before a pooled connection tries to reconnect. */
const MAX_RECONNECT_DELAY_S = 2;

/**
 * Seconds a pooled connection waits before it connects again, after `failures` failed connects
 * counted across the pool since the last that succeeded. postgres.js's own waits up to 20 s
 * after the latest: after a restart or a failover the server would fail requests for that long
 * with the database already back. This retries sooner, with the same jitter.
 */
export function reconnectDelay(failures: number): number {
  return (0.5 + Math.random() / 2) * Math.min(0.05 * 2 ** failures, MAX_RECONNECT_DELAY_S);
}

/** postgres.js settings shared by both modes: Dates stay Dates, no column transforms (better-auth needs both). */
const clientOptions = {
  onnotice: () => {},
  connection: { application_name: "tasks" },
  backoff: reconnectDelay,
} satisfies postgres.Options<Record<string, postgres.PostgresType>>;

/**
 * postgres.js for a connection URL, which may name a Unix socket's folder as libpq does
 * (`postgres://user@localhost/db?host=/var/run/postgresql`): postgres.js takes it as an option
 * only. On the database's own machine the socket spares the CPU that TCP on the loopback costs,
 * where both ends' network stacks run on the same cores (docs/operations.md, "Configuration").
 */
export function connectPostgres(
  url: string,
  options: postgres.Options<Record<string, postgres.PostgresType>> = {},
): postgres.Sql {
  const parsed = new URL(url);
  const socketFolder = parsed.searchParams.get("host");
  if (!socketFolder) return postgres(url, options);
  parsed.searchParams.delete("host");
  return postgres(parsed.toString(), { ...options, host: socketFolder });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const sql = connectPostgres(options.databaseUrl, {
      ...clientOptions,
      max: options.poolSize ?? 10,
    });
    return {
      sql,
      mode: "postgres",
      url: options.databaseUrl,
      close: () => sql.end({ timeout: 5 }),
    };
  }
  return openEmbedded(options.dataDir);
}

/**
 * PGlite is single-connection: one socket connection and a pool of one on the postgres.js
 * side. A larger pool hangs, a multiplexed one interleaves transactions (DESIGN.md).
 */
async function openEmbedded(dataDir: string | undefined): Promise<Database> {
  let pgDir: string | undefined;
  if (dataDir) {
    pgDir = path.join(dataDir, "pgdata");
    mkdirSync(pgDir, { recursive: true });
  }
  const pglite = await PGlite.create(pgDir ? { dataDir: pgDir } : {});
  const socketServer = new PGLiteSocketServer({
    db: pglite,
    host: "127.0.0.1",
    port: 0,
    maxConnections: 1,
  });
  await socketServer.start();
  const [host, port] = socketServer.getServerConn().split(":");
  const url = `postgres://postgres@${host}:${port}/postgres`;
  const sql = postgres(url, { ...clientOptions, max: 1, ssl: false });
  return {
    sql,
    mode: "embedded",
    url,
    close: async () => {
      await sql.end({ timeout: 5 });
      await socketServer.stop();
      await pglite.close();
    },
  };
}
