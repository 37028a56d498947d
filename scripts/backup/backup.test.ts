import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../server/server.ts";
import { startPrivatePostgres, type PrivatePostgres } from "../../server/test/private-postgres.ts";
import { createTestDatabase } from "../../server/test/test-database.ts";
import { testConfig } from "../../server/test/test-server.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  createWorkspace,
  m,
  newId,
  now,
  signUp,
  type TestUser,
} from "../../server/test/sync-client.ts";

/** `npm run backup` and `npm run restore` as a person runs them, and what clients see after. */

const root = path.resolve(import.meta.dirname, "../..");
const secret = randomBytes(32).toString("hex");
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "tasks-backup-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The production server on a database; one secret, so the sessions of the backup still work. */
async function serve(env: { DATABASE_URL?: string; DATA_DIR: string }): Promise<RunningServer> {
  const database = { dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL };
  const server = await startServer(testConfig(database, { BETTER_AUTH_SECRET: secret }));
  cleanups.push(() => server.close());
  return server;
}

type Shell = {
  /** The shell's umask; the tests of permissions use "000", which lets every file be read. */
  umask?: string;
  cwd?: string;
};

/** The script as a person's shell runs it, from `cwd` (the checkout unless told). */
function runScript(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
  { umask = "022", cwd = root }: Shell = {},
) {
  const command = [
    process.execPath,
    "--import",
    import.meta.resolve("tsx"),
    path.join(root, `scripts/${script}.ts`),
    ...args,
  ];
  return spawnSync("/bin/sh", ["-c", `umask ${umask} && exec "$@"`, "sh", ...command], {
    cwd,
    // Only what a person's shell would hold: vitest's own variables (BASE_URL="/") are not.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: "utf8",
  });
}

function npmRun(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
  shell: Shell = {},
) {
  const result = runScript(script, args, env, shell);
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return result.stdout;
}

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

/** Every file and folder under `dir` (itself included), with its mode in octal. */
function modesUnder(dir: string): Map<string, string> {
  const modes = new Map([[".", modeOf(dir)]]);
  for (const entry of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    modes.set(entry, modeOf(path.join(dir, entry)));
  }
  return modes;
}

/** An embedded database with a person in it, its server stopped, as a backup finds it. */
async function embeddedDatabase(dataDir: string) {
  const server = await serve({ DATA_DIR: dataDir });
  await signUp(server, "Kept Secret");
  await server.close();
}

/** A person with a project of three tasks, and a device that has pulled them all. */
async function workspaceWithADevice(server: RunningServer) {
  const owner = await signUp(server, "Backed Up");
  const workspaceId = await createWorkspace(server, owner, "Kept");
  const projectId = newId("p");
  const device = new SyncClient(server, owner);
  await device.push(
    m("createProject", { id: projectId, workspaceId, name: "Kept", key: "KPT", createdAt: now() }),
    ...[1, 2, 3].map((n) =>
      m("createTask", { id: newId("t"), projectId, title: `Task ${n}`, createdAt: now() }),
    ),
  );
  await device.pull();
  return { owner, projectId, device };
}

/** The same device (client group, cookie, store), now talking to `server`. */
function moved(device: SyncClient, server: RunningServer, owner: TestUser): SyncClient {
  const client = new SyncClient(server, owner, device.clientGroupID);
  client.cookie = device.cookie;
  for (const [key, value] of device.store) client.store.set(key, value);
  return client;
}

async function storeOfAFreshDevice(server: RunningServer, owner: TestUser) {
  const fresh = new SyncClient(server, owner);
  await fresh.pull();
  return fresh.store;
}

it.runIf(process.env.DATABASE_URL)(
  "a dump restored into another cluster: every device starts again from a reset, then gets only what changes",
  async () => {
    const dir = folder();
    const source = await startPrivatePostgres();
    cleanups.push(() => source.destroy());
    const first = await serve({ DATABASE_URL: source.url, DATA_DIR: dir });
    // The source cluster runs 3,000 more transactions than the target will have: the ids its
    // rows are stamped with lie in the target's future.
    await Promise.all(
      Array.from({ length: 3000 }, () => first.db.sql`select pg_current_xact_id()`),
    );
    const { owner, projectId, device } = await workspaceWithADevice(first);
    await first.close();

    const file = path.join(dir, "tasks.dump");
    expect(npmRun("backup", ["--out", file], { DATABASE_URL: source.url })).toContain(file);
    const target: PrivatePostgres = await startPrivatePostgres();
    cleanups.push(() => target.destroy());
    npmRun("restore", [file], { DATABASE_URL: target.url });

    const restored = await serve({ DATABASE_URL: target.url, DATA_DIR: dir });
    const ahead = await restored.db.sql<{ ahead: number }[]>`
      select count(*)::int as ahead from task where tx >= pg_current_xact_id()`;
    expect(ahead).toEqual([{ ahead: 0 }]);
    const client = moved(device, restored, owner);
    const reset = await client.pull();
    expect(reset.patch[0]).toEqual({ op: "clear" });
    expect(client.store).toEqual(await storeOfAFreshDevice(restored, owner));
    // Nothing is sent again: before the fix every row restored from the source's future was.
    expect((await client.pull()).patch).toEqual([]);
    const taskId = newId("t");
    await client.push(m("createTask", { id: taskId, projectId, title: "After", createdAt: now() }));
    const next = await client.pull();
    expect(next.patch.map((op) => op.op === "put" && op.key)).toContain(
      `task/${projectId}/${taskId}`,
    );
  },
  SERVER_START_TIMEOUT * 2,
);

it(
  "the embedded database's folder, restored: a device carries on from where it was",
  async () => {
    const dir = folder();
    const first = await serve({ DATA_DIR: path.join(dir, "first") });
    const { owner, device } = await workspaceWithADevice(first);
    await first.close();

    const backupFolder = path.join(dir, "tasks.pgdata");
    npmRun("backup", ["--out", backupFolder], { DATA_DIR: path.join(dir, "first") });
    npmRun("restore", [backupFolder], { DATA_DIR: path.join(dir, "second") });

    const restored = await serve({ DATA_DIR: path.join(dir, "second") });
    const client = moved(device, restored, owner);
    // The same cluster, copied: the device's record still holds, and nothing changed.
    expect((await client.pull()).patch).toEqual([]);
    expect(client.store).toEqual(await storeOfAFreshDevice(restored, owner));
  },
  SERVER_START_TIMEOUT,
);

it.runIf(process.env.DATABASE_URL)(
  "a dump is its owner's alone: the file 0600 in a folder made 0700, even under umask 000",
  async () => {
    const database = await createTestDatabase("backup");
    cleanups.push(() => database.drop());
    const file = path.join(folder(), "made", "tasks.dump");

    npmRun("backup", ["--out", file], { DATABASE_URL: database.databaseUrl! }, { umask: "000" });

    expect(modeOf(file)).toBe("600");
    expect(modeOf(path.dirname(file))).toBe("700");
  },
);

it(
  "the embedded database's copy is its owner's alone: files 0600 and folders 0700, even under umask 000",
  async () => {
    const dir = folder();
    await embeddedDatabase(path.join(dir, "data"));
    const copy = path.join(dir, "made", "tasks.pgdata");

    npmRun("backup", ["--out", copy], { DATA_DIR: path.join(dir, "data") }, { umask: "000" });

    expect(modeOf(path.dirname(copy))).toBe("700");
    const modes = modesUnder(copy);
    expect(modes.size).toBeGreaterThan(10);
    for (const [entry, mode] of modes) {
      expect([entry, mode]).toEqual([
        entry,
        statSync(path.join(copy, entry)).isDirectory() ? "700" : "600",
      ]);
    }
  },
  SERVER_START_TIMEOUT,
);

it("a backup into a folder others can open is refused, naming the folder, and nothing is written", () => {
  const open = path.join(folder(), "shared");
  mkdirSync(open);
  chmodSync(open, 0o755);
  const file = path.join(open, "tasks.pgdata");

  const result = runScript("backup", ["--out", file], { DATA_DIR: folder() });

  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`${open} can be opened by others (mode 755)`);
  expect(readdirSync(open)).toEqual([]);
  expect(modeOf(open)).toBe("755");
});

it(
  "the default backups/ folder, left open by an earlier version, is closed to others before the backup goes in",
  async () => {
    const dir = folder();
    await embeddedDatabase(path.join(dir, "data"));
    const backups = path.join(dir, "backups");
    mkdirSync(backups);
    chmodSync(backups, 0o755);

    npmRun("backup", [], { DATA_DIR: path.join(dir, "data") }, { cwd: dir });

    expect(modeOf(backups)).toBe("700");
    expect(readdirSync(backups)).toEqual([expect.stringMatching(/^tasks-.*\.pgdata$/)]);
  },
  SERVER_START_TIMEOUT,
);
