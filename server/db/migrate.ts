import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type postgres from "postgres";

export const defaultMigrationsDir = path.resolve(import.meta.dirname, "../../migrations");

/** Any constant shared by every instance; it names the session lock that serialises migrators. */
export const MIGRATION_LOCK_ID = 72_417_001;
const FILE_PATTERN = /^(\d{4})_[a-z0-9_]+\.sql$/;

type MigrationResult = { applied: string[]; alreadyApplied: number };

export async function listMigrationFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir);
  const bad = names.filter((name) => name.endsWith(".sql") && !FILE_PATTERN.test(name));
  if (bad.length > 0) {
    throw new Error(`Migration files must be named NNNN_name.sql: ${bad.join(", ")}`);
  }
  return names.filter((name) => FILE_PATTERN.test(name)).sort();
}

/**
 * Applies every migration not yet recorded, in order, each in its own transaction.
 * A Postgres advisory lock held for the whole run makes a second instance wait and then
 * find everything applied, so two instances starting at once apply each file exactly once.
 */
export async function migrate(
  sql: postgres.Sql,
  dir: string = defaultMigrationsDir,
): Promise<MigrationResult> {
  const files = await listMigrationFiles(dir);
  const connection = await sql.reserve();
  try {
    await connection`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
    try {
      await connection`
        create table if not exists schema_migration (
          name text primary key,
          applied_at timestamptz not null default now()
        )`;
      const rows = await connection<{ name: string }[]>`select name from schema_migration`;
      const done = new Set(rows.map((row) => row.name));
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await readFile(path.join(dir, file), "utf8");
        await connection.unsafe("begin");
        try {
          await connection.unsafe(text);
          await connection`insert into schema_migration (name) values (${file})`;
          await connection.unsafe("commit");
        } catch (error) {
          await connection.unsafe("rollback");
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`Migration ${file} failed: ${reason}`, { cause: error });
        }
        applied.push(file);
      }
      return { applied, alreadyApplied: done.size };
    } finally {
      await connection`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    }
  } finally {
    connection.release();
  }
}
