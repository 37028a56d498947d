/**
 * `npm run restore -- <file>`: puts a backup of `npm run backup` back into the application's
 * database (DATABASE_URL: pg_restore, replacing what is there; else the embedded database's
 * folder, the old one kept beside it). Stop the server first; when it starts again it settles a
 * dump that came from another database (server/sync/restored.ts).
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../server/config.ts";
import { restore, type Target } from "./backup/backup-files.ts";

try {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new Error("usage: npm run restore -- <backup file>");
  const config = loadConfig();
  const target: Target = config.databaseUrl
    ? { databaseUrl: config.databaseUrl }
    : { dataDir: config.dataDir };
  restore(target, file);
  console.log(
    `Restored ${file} into the ${config.databaseUrl ? "PostgreSQL" : "embedded"} database. ` +
      "Start the server: clients pull what the backup holds.",
  );
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
