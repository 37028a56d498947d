import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { defaultStatuses } from "../../shared/statuses.ts";
import { openDatabase, type Database } from "./database.ts";
import { defaultMigrationsDir, listMigrationFiles, migrate } from "./migrate.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";

/**
 * Migration 0010 on a database that already holds work: every project gets the six default
 * statuses under the ids its tasks already carry, and no task is written (same version, same
 * transaction id), so browsers download nothing again but the statuses.
 */

const MIGRATION = "0010_project_statuses.sql";
let testDatabase: TestDatabase;
let db: Database;
let before: Record<string, unknown>[];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir });
  const earlier = await mkdtemp(path.join(tmpdir(), "tasks-before-statuses-"));
  try {
    for (const file of await listMigrationFiles(defaultMigrationsDir)) {
      if (file < MIGRATION) {
        await copyFile(path.join(defaultMigrationsDir, file), path.join(earlier, file));
      }
    }
    await migrate(db.sql, earlier);
  } finally {
    await rm(earlier, { recursive: true, force: true });
  }

  await db.sql`
    insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt")
    values ('u1', 'Ada', 'ada@example.com', true, now(), now())`;
  await db.sql`
    insert into "organization" (id, name, slug, "createdAt") values ('w1', 'Acme', 'acme', now())`;
  await db.sql`
    insert into project (id, workspace_id, name, key, created_at, updated_at) values
      ('p1', 'w1', 'Web', 'WEB', '2024-01-02T03:04:05.678Z', now()),
      ('p2', 'w1', 'App', 'APP', '2024-02-02T03:04:05.678Z', now())`;
  await db.sql`
    insert into task (id, workspace_id, project_id, number, title, status, priority, position,
      created_by, created_at, updated_at)
    select project_id || '-' || status, 'w1', project_id, n, 'A task', status, 'low', 'a' || n,
      'u1', now(), now()
    from (values ('planned', 1), ('to-do', 2), ('in-progress', 3), ('in-review', 4), ('done', 5),
      ('archived', 6)) as s (status, n)
    cross join (values ('p1'), ('p2')) as p (project_id)`;
  before = await tasks();

  await migrate(db.sql);
});

afterAll(async () => {
  await db?.close();
  await testDatabase?.drop();
});

const tasks = () =>
  db.sql<Record<string, unknown>[]>`
    select id, project_id, status, position, version, tx::text, updated_at from task order by id`;

it("gives every existing project the six default statuses, under the ids its tasks use", async () => {
  const rows = await db.sql<
    { projectId: string; id: string; name: string; category: string; createdAt: Date }[]
  >`
    select project_id as "projectId", status_id as id, name, category, created_at as "createdAt"
    from project_status order by project_id, position`;

  for (const [projectId, createdAt] of [
    ["p1", "2024-01-02T03:04:05.678Z"],
    ["p2", "2024-02-02T03:04:05.678Z"],
  ] as const) {
    expect(
      rows
        .filter((row) => row.projectId === projectId)
        .map(({ id, name, category, createdAt: at }) => ({
          id,
          name,
          category,
          createdAt: at.toISOString(),
        })),
    ).toEqual(defaultStatuses.map(({ id, name, category }) => ({ id, name, category, createdAt })));
  }
});

it("leaves every task as it was: its status, its place, its version", async () => {
  expect(await tasks()).toEqual(before);
});

it("from then on, a task's status must be one of its project's statuses", async () => {
  await expect(db.sql`update task set status = 'someday' where id = 'p1-to-do'`).rejects.toThrow(
    /task_status_of_project/,
  );
});
