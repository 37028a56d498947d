/**
 * What `npm run backup` and `npm run restore` do (scripts/backup.ts, scripts/restore.ts):
 *
 * - On PostgreSQL (DATABASE_URL): `pg_dump --format=custom` of the application's database to a
 *   file, and `pg_restore --clean --if-exists --no-owner` of such a file into the database of
 *   DATABASE_URL. A dump restored into another database (another cluster, or a new database)
 *   is settled by the server when it next starts (server/sync/restored.ts): every client starts
 *   again from a reset, and no row is sent on every pull.
 * - On the embedded database: a copy of its folder (DATA_DIR/pgdata), taken and put back while
 *   the server is stopped (the embedded database is one process: a copy taken while it writes
 *   could be torn). The folder is the whole cluster, so nothing needs settling.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import path from "node:path";

export type Target = { databaseUrl: string } | { dataDir: string };

/** The embedded database's folder under DATA_DIR (server/db/database.ts). */
export const embeddedFolder = (dataDir: string) => path.join(dataDir, "pgdata");

export function defaultBackupPath(target: Target, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return path.resolve("backups", `tasks-${stamp}${"databaseUrl" in target ? ".dump" : ".pgdata"}`);
}

/** Writes the backup to `file` (a dump file, or a folder for the embedded database). */
export function backup(target: Target, file: string): void {
  if (existsSync(file)) throw new Error(`${file} exists already: choose another --out`);
  mkdirSync(path.dirname(file), { recursive: true });
  if ("databaseUrl" in target) {
    run("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--file",
      file,
      "--dbname",
      target.databaseUrl,
    ]);
    return;
  }
  const folder = embeddedFolder(target.dataDir);
  if (!existsSync(folder)) throw new Error(`no embedded database in ${folder}`);
  cpSync(folder, file, { recursive: true });
}

/**
 * Restores `file` into the target. The embedded database's folder is kept beside, renamed
 * `pgdata.before-restore-<time>`, rather than deleted.
 */
export function restore(target: Target, file: string, now = new Date()): void {
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  if ("databaseUrl" in target) {
    if (!statSync(file).isFile()) throw new Error(`${file} is not a pg_dump file`);
    run("pg_restore", [
      "--clean",
      "--if-exists",
      "--no-owner",
      "--no-privileges",
      "--single-transaction",
      "--dbname",
      target.databaseUrl,
      file,
    ]);
    return;
  }
  if (!statSync(file).isDirectory()) throw new Error(`${file} is not an embedded database folder`);
  const folder = embeddedFolder(target.dataDir);
  if (existsSync(folder)) {
    renameSync(folder, `${folder}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`);
  }
  mkdirSync(target.dataDir, { recursive: true });
  cpSync(file, folder, { recursive: true });
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, {
    stdio: ["ignore", "inherit", "pipe"],
    encoding: "utf8",
  });
  if (result.error) throw new Error(`${command} could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} failed:\n${result.stderr}`);
}
