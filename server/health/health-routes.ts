import { Router } from "express";
import type { Database } from "../db/database.ts";

const HEALTH_QUERY_TIMEOUT_MS = 2000;

/** `GET /api/health` answers only after a real query has come back from the database. */
export function healthRoutes(db: Database): Router {
  const router = Router();
  router.get("/api/health", async (_req, res) => {
    try {
      await withTimeout(db.sql`select 1 as ok`, HEALTH_QUERY_TIMEOUT_MS);
      res.json({ ok: true, database: db.mode });
    } catch {
      res.status(503).json({ ok: false, database: db.mode });
    }
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
