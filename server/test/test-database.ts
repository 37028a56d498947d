import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { connectPostgres } from "../db/database.ts";

export type TestDatabase = {
  /** Set when the tests run against real Postgres: a database of this test file's own. */
  databaseUrl: string | undefined;
  /** A fresh folder: the embedded database's data when no DATABASE_URL is given, and the auth secret. */
  dataDir: string;
  drop: () => Promise<void>;
};

/**
 * A fresh database for one test file (or one e2e or benchmark run, named by `prefix`): a new
 * database on the Postgres named by DATABASE_URL (dropped afterwards), or an embedded PGlite in
 * a temporary folder when it is unset.
 */
export async function createTestDatabase(prefix = "test"): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `tasks-${prefix}-`));
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    return {
      databaseUrl: undefined,
      dataDir,
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = connectPostgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      const cleanup = connectPostgres(adminUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
