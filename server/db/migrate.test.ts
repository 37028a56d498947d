import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { connectPostgres, openDatabase, type Database } from "./database.ts";
import { migrate } from "./migrate.ts";

let testDatabase: TestDatabase;
let db: Database;
let migrationsDir: string;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = await openDatabase({
    databaseUrl: testDatabase.databaseUrl,
    dataDir: testDatabase.dataDir,
  });
});

afterAll(async () => {
  await db?.close();
  await testDatabase?.drop();
});

beforeEach(async () => {
  await db.sql.unsafe("drop schema public cascade; create schema public");
  migrationsDir = await mkdtemp(path.join(tmpdir(), "tasks-migrations-"));
});

afterEach(async () => {
  await rm(migrationsDir, { recursive: true, force: true });
});

async function writeMigrations(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(migrationsDir, name), text);
  }
}

async function recordedMigrations(): Promise<string[]> {
  const rows = await db.sql<{ name: string }[]>`select name from schema_migration order by name`;
  return rows.map((row) => row.name);
}

async function tableExists(name: string): Promise<boolean> {
  const [row] = await db.sql<{ exists: boolean }[]>`
    select to_regclass(${name}) is not null as exists`;
  return row?.exists ?? false;
}

it("applies the files in numeric order and records each", async () => {
  await writeMigrations({
    "0010_third.sql": "insert into log (name) values ('third');",
    "0002_second.sql": "insert into log (name) values ('second');",
    "0001_first.sql":
      "create table log (id serial primary key, name text not null);\n" +
      "insert into log (name) values ('first');",
  });

  const result = await migrate(db.sql, migrationsDir);

  expect(result).toEqual({
    applied: ["0001_first.sql", "0002_second.sql", "0010_third.sql"],
    alreadyApplied: 0,
  });
  const log = await db.sql<{ name: string }[]>`select name from log order by id`;
  expect(log.map((row) => row.name)).toEqual(["first", "second", "third"]);
  expect(await recordedMigrations()).toEqual([
    "0001_first.sql",
    "0002_second.sql",
    "0010_third.sql",
  ]);
});

it("applies nothing the second time", async () => {
  await writeMigrations({
    "0001_counter.sql": "create table counter (n int); insert into counter values (1);",
  });
  await migrate(db.sql, migrationsDir);

  const second = await migrate(db.sql, migrationsDir);

  expect(second).toEqual({ applied: [], alreadyApplied: 1 });
  expect(await db.sql`select n from counter`).toHaveLength(1);
});

it("applies only the files added since the last run", async () => {
  await writeMigrations({ "0001_project.sql": "create table project (id text primary key);" });
  await migrate(db.sql, migrationsDir);
  await writeMigrations({ "0002_task.sql": "create table task (id text primary key);" });

  const result = await migrate(db.sql, migrationsDir);

  expect(result).toEqual({ applied: ["0002_task.sql"], alreadyApplied: 1 });
  expect(await tableExists("task")).toBe(true);
});

it("rolls a failing file back entirely, does not record it, and keeps the earlier files", async () => {
  await writeMigrations({
    "0001_project.sql": "create table project (id text primary key);",
    "0002_broken.sql":
      "create table task (id text primary key);\n" +
      "insert into project (id) values ('p1');\n" +
      "select 1 / 0;",
  });

  await expect(migrate(db.sql, migrationsDir)).rejects.toThrow(
    "Migration 0002_broken.sql failed: division by zero",
  );

  expect(await recordedMigrations()).toEqual(["0001_project.sql"]);
  expect(await tableExists("project")).toBe(true);
  expect(await db.sql`select id from project`).toHaveLength(0);
  expect(await tableExists("task")).toBe(false);
});

it("stops at a failing file and leaves the later ones for the next run", async () => {
  await writeMigrations({
    "0001_broken.sql": "select 1 / 0;",
    "0002_task.sql": "create table task (id text primary key);",
  });

  await expect(migrate(db.sql, migrationsDir)).rejects.toThrow("Migration 0001_broken.sql failed");

  expect(await recordedMigrations()).toEqual([]);
  expect(await tableExists("task")).toBe(false);
});

it("refuses a badly named .sql file before applying anything", async () => {
  await writeMigrations({
    "0001_project.sql": "create table project (id text primary key);",
    "2-task.sql": "create table task (id text primary key);",
  });

  await expect(migrate(db.sql, migrationsDir)).rejects.toThrow(
    "Migration files must be named NNNN_name.sql: 2-task.sql",
  );

  expect(await tableExists("project")).toBe(false);
});

it("ignores files that are not .sql", async () => {
  await writeMigrations({
    "0001_project.sql": "create table project (id text primary key);",
    "README.md": "Numbered SQL files, applied in order.",
  });

  const result = await migrate(db.sql, migrationsDir);

  expect(result.applied).toEqual(["0001_project.sql"]);
});

it("applies each file exactly once when two migrators start at the same moment", async () => {
  await writeMigrations({
    "0001_project.sql":
      "create table project (id text primary key);\ninsert into project values ('first');",
    "0002_task.sql":
      "create table task (id text primary key);\ninsert into project values ('second');",
    "0003_label.sql":
      "create table label (id text primary key);\ninsert into project values ('third');",
  });
  // Two server instances each have their own pool; the embedded database has one connection only.
  const other =
    db.mode === "postgres" ? connectPostgres(db.url, { max: 2, onnotice: () => {} }) : db.sql;

  try {
    const results = await Promise.all([
      migrate(db.sql, migrationsDir),
      migrate(other, migrationsDir),
    ]);

    expect(results.flatMap((result) => result.applied).sort()).toEqual([
      "0001_project.sql",
      "0002_task.sql",
      "0003_label.sql",
    ]);
    const counts = await db.sql<{ name: string; count: number }[]>`
      select name, count(*)::int as count from schema_migration group by name order by name`;
    expect(counts).toEqual([
      { name: "0001_project.sql", count: 1 },
      { name: "0002_task.sql", count: 1 },
      { name: "0003_label.sql", count: 1 },
    ]);
    const projects = await db.sql<{ id: string }[]>`select id from project order by id`;
    expect(projects.map((row) => row.id)).toEqual(["first", "second", "third"]);
  } finally {
    if (other !== db.sql) await other.end();
  }
});
