/**
 * The system under measurement: a fresh database (a new database on the Postgres of
 * DATABASE_URL, or a new embedded data folder), seeded in this process, then the production
 * server started on it as `npm start` would (NODE_ENV=production, built client), on a free port.
 * The embedded database has one connection, so seeding finishes and closes it before the server
 * opens it.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { build } from "vite";
import { freePort, waitForHealth } from "../../e2e/support/server-process.ts";
import type { Auth } from "../../server/auth/auth.ts";
import { loadConfig } from "../../server/config.ts";
import { connectPostgres, openDatabase } from "../../server/db/database.ts";
import { migrate } from "../../server/db/migrate.ts";
import { createLogger } from "../../server/logger.ts";
import { createTestDatabase } from "../../server/test/test-database.ts";
import {
  SEED_PASSWORD,
  seedAuth,
  seedWorkspace,
  type SeededWorkspace,
} from "../seed/seed-workspace.ts";
import type { SeedOptions } from "../seed/workspace-data.ts";

const root = path.resolve(import.meta.dirname, "../..");

export type Cookie = { name: string; value: string };

export type BenchTask = { id: string; projectId: string; title: string; status: string };

export type BenchWorkspace = SeededWorkspace & {
  /** Session cookies of the owner and of the second member (an admin). */
  sessions: [Cookie[], Cookie[]];
  /** Tasks of the largest project, for the mutations the benchmark makes. */
  sample: BenchTask[];
  /** More sessions of the workspace's people, one per member in turn (`extraSessions`). */
  moreSessions: Cookie[][];
};

export type BenchSystemOptions = {
  /** Server processes on the one database (Postgres only); default 1. */
  instances?: number;
  /** Sessions to open besides the two of every workspace (the load test's clients). */
  extraSessions?: number;
  /** Variables for the servers besides the benchmark's own. */
  env?: Record<string, string>;
};

export type BenchSystem = {
  baseUrl: string;
  /** Every instance's URL (the first is `baseUrl`); more than one only on Postgres. */
  baseUrls: string[];
  mode: "postgres" | "embedded";
  /** The server processes' ids (the load test reads their CPU time). */
  pids: number[];
  workspaces: Map<string, BenchWorkspace>;
  /**
   * On Postgres: a CHECKPOINT, so that the pages earlier phases wrote (the 100,000-task seed,
   * its pulls) go to disk now rather than while the next phase is measured. Nothing to do on the
   * embedded database.
   */
  settle: () => Promise<void>;
  stop: () => Promise<void>;
};

/** The built client's folder, built first when it is missing (after `rm -rf dist/client`). */
export async function builtClient(): Promise<string> {
  const clientDir = path.join(root, "dist/client");
  if (!existsSync(path.join(clientDir, "index.html"))) {
    console.log("Building the client…");
    await build({ configFile: path.join(root, "vite.config.ts"), logLevel: "warn" });
  }
  return clientDir;
}

/**
 * The benchmark's system with one seeded workspace of `tasks` tasks in one project, for the
 * scripts that look at its board (profile-board.ts, trace-remote-change.ts).
 */
export async function startBoardSystem(tasks: number, label: string) {
  const system = await startBenchSystem([
    { key: "board", options: { tasks, projects: 1, members: 5, label, seed: 20260601 } },
  ]);
  const workspace = system.workspaces.get("board");
  const project = workspace?.projects[0];
  if (!workspace || !project) {
    await system.stop();
    throw new Error("nothing seeded");
  }
  const boardUrl = `/dashboard/workspace/${workspace.workspaceId}/project/${project.id}/board`;
  return { system, workspace, boardUrl };
}

export async function startBenchSystem(
  specs: { key: string; options: SeedOptions }[],
  { instances = 1, extraSessions = 0, env: extraEnv = {} }: BenchSystemOptions = {},
): Promise<BenchSystem> {
  const database = await createTestDatabase("bench");
  const { databaseUrl, dataDir } = database;
  if (instances > 1 && !databaseUrl) {
    await database.drop();
    throw new Error("several instances need DATABASE_URL (the embedded database has one)");
  }
  const ports: number[] = [];
  for (let i = 0; i < instances; i++) ports.push(await freePort());
  const baseUrls = ports.map((p) => `http://localhost:${p}`);
  const port = ports[0]!;
  const baseUrl = baseUrls[0]!;
  const secret = randomBytes(32).toString("base64url");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    BETTER_AUTH_SECRET: secret,
    PORT: String(port),
    DATA_DIR: dataDir,
    BASE_URL: baseUrl,
    LOG_LEVEL: "warn",
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const cleanUp = () => database.drop();

  let workspaces: Map<string, BenchWorkspace>;
  try {
    workspaces = await seed(env, secret, baseUrl, specs, extraSessions);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  console.log(
    `Starting ${instances === 1 ? "the production server" : `${instances} production servers`} at ` +
      `${baseUrls.join(", ")} (${databaseUrl ? "Postgres" : "embedded"})…`,
  );
  // BENCH_CPU_PROF=<folder>: the server writes a CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF;
  const nodeArgs = profile ? ["--cpu-prof", "--cpu-prof-dir", profile] : [];
  const servers = ports.map((instancePort, i) =>
    spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/main.ts"], {
      cwd: root,
      env: { ...env, PORT: String(instancePort), BASE_URL: baseUrls[i] },
      stdio: ["ignore", "ignore", "inherit"],
    }),
  );
  const stopServers = async () => {
    await Promise.all(
      servers.map(async (server) => {
        if (server.exitCode !== null) return;
        const exited = new Promise((resolve) => server.once("exit", resolve));
        server.kill("SIGTERM");
        await exited;
      }),
    );
  };
  try {
    await Promise.all(
      servers.map((server, i) => waitForHealth(`${baseUrls[i]}/api/health`, server, 120_000)),
    );
  } catch (error) {
    await stopServers();
    await cleanUp();
    throw error;
  }

  return {
    baseUrl,
    baseUrls,
    mode: databaseUrl ? "postgres" : "embedded",
    pids: servers.map((server) => server.pid!),
    workspaces,
    settle: async () => {
      if (!databaseUrl) return;
      const sql = connectPostgres(databaseUrl, { max: 1, onnotice: () => {} });
      try {
        await sql`checkpoint`;
      } catch (error) {
        // CHECKPOINT needs a superuser (or pg_checkpoint): without one the figure is noisier.
        console.log(`  (no checkpoint before this phase: ${(error as Error).message})`);
      } finally {
        await sql.end();
      }
    },
    stop: async () => {
      await stopServers();
      await cleanUp();
    },
  };
}

/**
 * Seeds the workspaces of `specs` into the database of `env` (migrating it first) with
 * better-auth's own sessions for their people; the soak uses it for its cluster too.
 */
export async function seed(
  env: NodeJS.ProcessEnv,
  secret: string,
  baseUrl: string,
  specs: { key: string; options: SeedOptions }[],
  extraSessions: number,
): Promise<Map<string, BenchWorkspace>> {
  const config = loadConfig(env);
  const logger = createLogger("warn");
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const workspaces = new Map<string, BenchWorkspace>();
  try {
    await migrate(db.sql);
    const auth = seedAuth({ sql: db.sql, config, logger, baseUrl, secret });
    for (const { key, options } of specs) {
      const started = performance.now();
      const seeded = await seedWorkspace({ sql: db.sql, auth }, options);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        `Seeded ${key}: ${seeded.counts.tasks} tasks, ${seeded.counts.comments} comments, ` +
          `${seeded.counts.activity} activity lines in ${seconds} s`,
      );
      const [owner, admin] = seeded.people;
      if (!owner || !admin) throw new Error("a bench workspace needs two people");
      const mainProject = seeded.projects[0];
      if (!mainProject) throw new Error("a bench workspace needs a project");
      const sample = await db.sql<BenchTask[]>`
        select id, project_id as "projectId", title, status from task
        where project_id = ${mainProject.id}
        order by number limit 2000`;
      const moreSessions: Cookie[][] = [];
      for (let i = 0; i < extraSessions; i++) {
        const person = seeded.people[i % seeded.people.length] ?? owner;
        moreSessions.push(await signIn(auth, person.email));
      }
      workspaces.set(key, {
        ...seeded,
        sessions: [await signIn(auth, owner.email), await signIn(auth, admin.email)],
        sample: [...sample],
        moreSessions,
      });
    }
  } finally {
    await db.close();
  }
  return workspaces;
}

/** A session made by better-auth itself, as the cookies its sign-in sets. */
async function signIn(auth: Auth, email: string): Promise<Cookie[]> {
  const { headers } = await auth.api.signInEmail({
    body: { email, password: SEED_PASSWORD },
    returnHeaders: true,
  });
  return headers.getSetCookie().map((header) => {
    const [pair = ""] = header.split(";");
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}

export function cookieHeader(cookies: Cookie[]): string {
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}
