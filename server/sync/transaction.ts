/**
 * Transactions with a retry (postgres.js has none built in). The push runs at READ COMMITTED
 * and takes the row locks its correctness needs (push.ts says which and why); the pull reads
 * at REPEATABLE READ. A deadlock (40P01, two pushes locking the same rows in another order) or
 * a serialization failure (40001, repeatable read) means "run it again"; after `attempts` tries
 * the error goes up and the request fails with a 5xx, so a push never advances a client's
 * lastMutationID on a transient error.
 */
import type postgres from "postgres";

export type Tx = postgres.TransactionSql;

const RETRYABLE_CODES = new Set(["40001", "40P01"]);
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

export type Isolation = "read committed" | "repeatable read" | "serializable";

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

export const readCommitted = <T>(sql: postgres.Sql, run: (tx: Tx) => Promise<T>) =>
  withRetry(sql, "read committed", run);
