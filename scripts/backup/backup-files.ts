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
 *
 * A backup holds password hashes, sessions and live tokens: it is written its owner's alone
 * (files 0600, folders 0700, whatever the umask), into a folder only its owner can open.
 */
import { spawnSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
} from "node:fs";
import path from "node:path";

export type Target = { databaseUrl: string } | { dataDir: string };

/** The embedded database's folder under DATA_DIR (server/db/database.ts). */
export const embeddedFolder = (dataDir: string) => path.join(dataDir, "pgdata");

const defaultBackupFolder = () => path.resolve("backups");

export function defaultBackupPath(target: Target, now = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  return path.join(
    defaultBackupFolder(),
    `tasks-${stamp}${"databaseUrl" in target ? ".dump" : ".pgdata"}`,
  );
}

/** Writes the backup to `file` (a dump file, or a folder for the embedded database). */
export function backup(target: Target, file: string): void {
  if (existsSync(file)) throw new Error(`${file} exists already: choose another --out`);
  privateFolder(path.dirname(path.resolve(file)));
  if ("databaseUrl" in target) {
    // Made 0600 before pg_dump writes into it (it keeps an existing file's mode).
    closeSync(openSync(file, "wx", 0o600));
    chmodSync(file, 0o600);
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
  ownerOnly(file);
}

/**
 * Makes `dir` if it is missing, 0700. An existing one that others can open is refused, except
 * the default backups/ folder, ours, which an earlier version made 0755: that one is closed.
 * A folder named by --out may be shared (/tmp, a home), and changing its mode is not ours.
 */
function privateFolder(dir: string): void {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    return;
  }
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  if (dir === defaultBackupFolder()) {
    chmodSync(dir, 0o700);
    return;
  }
  throw new Error(
    `${dir} can be opened by others (mode ${mode.toString(8)}), and a backup holds password hashes and sessions: chmod 700 it, or choose another --out`,
  );
}

/** The copied folder: cpSync keeps the source's modes, which may let others read. */
function ownerOnly(dir: string): void {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const entryPath = path.join(dir, entry.name);
    if (entry.isDirectory()) ownerOnly(entryPath);
    else chmodSync(entryPath, 0o600);
  }
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
