/**
 * `npm run backup [-- --out <file>]`: a backup of the application's database (DATABASE_URL: a
 * pg_dump file; else the embedded database's folder, with the server stopped). Default file:
 * backups/tasks-<time>.dump (or .pgdata). scripts/backup/backup-files.ts says how.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config.ts";
import { backup, defaultBackupPath, type Target } from "./backup/backup-files.ts";

try {
  const { values } = parseArgs({ options: { out: { type: "string" } } });
  const config = loadConfig();
  const target: Target = config.databaseUrl
    ? { databaseUrl: config.databaseUrl }
    : { dataDir: config.dataDir };
  const file = values.out ?? defaultBackupPath(target);
  backup(target, file);
  console.log(
    `Backed up the ${config.databaseUrl ? "PostgreSQL" : "embedded"} database to ${file}`,
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
