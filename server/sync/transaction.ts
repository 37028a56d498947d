/**
 * Serializable transactions with a retry, as both official Replicache Postgres samples do
 * (postgres.js has none built in). A serialization failure (40001) or a deadlock (40P01) means
 * "run it again"; after `attempts` tries the error goes up and the request fails with a 5xx,
 * so a push never advances a client's lastMutationID on a transient error.
 */
import type postgres from "postgres";

export type Tx = postgres.TransactionSql;

const RETRYABLE_CODES = new Set(["40001", "40P01"]);
/**
 * Writes to one workspace all bump its change counter, so concurrent pushes there take turns;
 * generous attempts with backoff let a burst of them all get through.
 */
const DEFAULT_ATTEMPTS = 20;
const MAX_BACKOFF_MS = 200;

export function postgresErrorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

export function isRetryable(error: unknown): boolean {
  const code = postgresErrorCode(error);
  return code !== undefined && RETRYABLE_CODES.has(code);
}

export type Isolation = "serializable" | "repeatable read";

/** Runs `run` in a transaction at the given isolation level, again on 40001/40P01. */
export async function withRetry<T>(
  sql: postgres.Sql,
  isolation: Isolation,
  run: (tx: Tx) => Promise<T>,
  attempts = DEFAULT_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      let result: T | undefined;
      // Keep the callback's result out of postgres.js's return type (it unwraps arrays).
      await sql.begin(`isolation level ${isolation}`, async (tx) => {
        result = await run(tx);
      });
      return result as T;
    } catch (error) {
      if (!isRetryable(error) || attempt >= attempts) throw error;
      // Exponential backoff with full jitter, so the transactions that collided spread out.
      const ceiling = Math.min(MAX_BACKOFF_MS, 2 ** attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}

export const serializable = <T>(sql: postgres.Sql, run: (tx: Tx) => Promise<T>) =>
  withRetry(sql, "serializable", run);
