import { Router } from "express";
import type { Database } from "../db/database.ts";
import { defaultMigrationsDir, listMigrationFiles } from "../db/migrate.ts";

const READY_QUERY_TIMEOUT_MS = 2000;

/** What the process knows of its own life: set when SIGTERM starts the drain (server.ts). */
export type Lifecycle = { draining: boolean };

/** Why an instance is not ready: `reason` in the 503's body. */
type NotReady = "draining" | "database" | "migrations";

/**
 * Liveness and readiness, for a load balancer or an orchestrator:
 *
 * - `GET /api/health`: the process is up and serving (it answers only once the database is
 *   open and migrated: before, every request gets 503 STARTING). It asks the database nothing,
 *   so a database outage does not get every instance restarted; it stays 200 while draining.
 * - `GET /api/ready`: send traffic here. The database answers within two seconds, every
 *   migration this build knows is applied, and the instance is not draining (SIGTERM);
 *   otherwise 503 with the reason.
 */
export function healthRoutes(
  db: Database,
  lifecycle: Lifecycle = { draining: false },
  migrationsDir = defaultMigrationsDir,
): Router {
  const router = Router();
  const known = listMigrationFiles(migrationsDir);
  // Read before the first request needs it; a failure is reported by the readiness check.
  known.catch(() => {});

  router.get("/api/health", (_req, res) => {
    res.json({ ok: true, database: db.mode });
  });

  router.get("/api/ready", async (_req, res) => {
    const notReady = (reason: NotReady) =>
      res.status(503).json({ ok: false, database: db.mode, reason });
    if (lifecycle.draining) return notReady("draining");
    let missing: number;
    try {
      const files = await known;
      const [row] = await withTimeout(
        db.sql<{ applied: number }[]>`
          select count(*)::int as applied from schema_migration where name = any(${files})`,
        READY_QUERY_TIMEOUT_MS,
      );
      missing = files.length - (row?.applied ?? 0);
    } catch {
      return notReady("database");
    }
    if (missing > 0) return notReady("migrations");
    // Draining may have begun while the database answered.
    if (lifecycle.draining) return notReady("draining");
    res.json({ ok: true, database: db.mode });
  });
  return router;
}

function withTimeout<T>(promise: PromiseLike<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("database timeout")), ms);
    Promise.resolve(promise).then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
