/**
 * `npm run seed -- --tasks 10000`: one workspace of realistic data (several members, projects,
 * labels, comments, tasks) built from a fixed random seed, so every run writes the same rows.
 * Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default .data/;
 * stop `npm start` first: the embedded database has one connection). A re-run replaces the
 * workspace.
 *
 * Options: --tasks N (10000) --projects N (4) --members N (5, besides the owner)
 *          --label TEXT (prefix of the emails and slug, "" by default) --seed N (20260601)
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { ConfigError, loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrate } from "../server/db/migrate.ts";
import { createLogger } from "../server/logger.ts";
import { SEED_PASSWORD, seedAuth, seedWorkspace } from "./seed/seed-workspace.ts";

const { values } = parseArgs({
  options: {
    tasks: { type: "string", default: "10000" },
    projects: { type: "string", default: "4" },
    members: { type: "string", default: "5" },
    label: { type: "string", default: "" },
    seed: { type: "string", default: "20260601" },
  },
});
const count = z.coerce.number().int().min(0);
const options = z
  .object({
    tasks: count,
    projects: count.min(1),
    members: count,
    label: z.string().regex(/^[a-z0-9-]*$/, "lowercase letters, digits and dashes"),
    seed: count,
  })
  .parse(values);

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger("warn");
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db.sql);
  const started = performance.now();
  const seeded = await seedWorkspace(
    { sql: db.sql, auth: seedAuth({ sql: db.sql, config, logger }) },
    options,
  );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = db.mode === "embedded" ? `embedded database in ${config.dataDir}` : "DATABASE_URL";
  console.log(`Seeded "${seeded.name}" (${seeded.workspaceId}) into the ${where} in ${seconds} s:`);
  console.log(
    `  ${seeded.counts.tasks} tasks, ${seeded.counts.comments} comments, ` +
      `${seeded.counts.activity} activity lines, ${seeded.counts.labels} labels`,
  );
  for (const project of seeded.projects) {
    console.log(`  project ${project.key} ${project.name}: ${project.tasks} tasks`);
  }
  console.log(`Sign in with password "${SEED_PASSWORD}" as:`);
  for (const person of seeded.people) console.log(`  ${person.email} (${person.role})`);
} finally {
  await db.close();
}
