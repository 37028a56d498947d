/** `npm run migrate`: applies pending migrations to the configured database without starting the server. */
import { ConfigError, loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";

try {
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const { applied, alreadyApplied } = await migrate(db.sql);
    console.log(
      `Database: ${db.mode}. Applied ${applied.length} migration(s)${applied.length ? `: ${applied.join(", ")}` : ""}; ${alreadyApplied} already applied.`,
    );
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
}
