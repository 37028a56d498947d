/**
 * Transactions with a retry (postgres.js has none built in). The push runs at READ COMMITTED
 * and takes the row locks its correctness needs (push.ts says which and why); the pull reads
 * at REPEATABLE READ. A deadlock (40P01, two pushes locking the same rows in another order) or
 * a serialization failure (40001, repeatable read) means "run it again"; after `attempts` tries
 * the error goes up and the request fails with a 5xx, so a push never advances a client's
 * lastMutationID on a transient error.
 *
 * Round trips: postgres.js's `sql.begin` waits for BEGIN before the first statement and for
 * the last statement before COMMIT, two round trips of a push's six (issue 19: under a crowd
 * each one waits its turn on a busy event loop, while the transaction holds its connection).
 * Here the transaction runs on a reserved connection instead: BEGIN goes out in the same write
 * as the callback's first statements, and a callback that ends with `commit(...)` sends COMMIT
 * right behind its last statements. Postgres runs a connection's statements in order, and a
 * statement that fails makes the ones behind it fail too (and COMMIT then rolls back), so
 * nothing after a failure takes effect.
 */
import type postgres from "postgres";

/** A connection inside a transaction (a reserved connection, or postgres.js's `begin`). */
export type Tx = postgres.Sql | postgres.TransactionSql;

/**
 * Sends COMMIT behind the given statements, without waiting for them first, and resolves once
 * all of them and the COMMIT are done. Every one of them must already be sent: created (called)
 * before `commit` is, so that postgres.js queues them first.
 */
export type Commit = (...last: Promise<unknown>[]) => Promise<void>;

const RETRYABLE_CODES = new Set(["40001", "40P01"]);
/** in_failed_sql_transaction: a statement sent behind one that failed. */
const ABORTED = "25P02";
const DEFAULT_ATTEMPTS = 20;
const MAX_BACKOFF_MS = 200;

export function postgresErrorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

/**
 * Of the errors of statements sent one behind the other, the statement that failed, not those
 * behind it that failed because it did (25P02), whichever of them settled first.
 */
export function firstCause(failures: unknown[]): unknown {
  return failures.find((error) => postgresErrorCode(error) !== ABORTED) ?? failures[0];
}

/**
 * The failures of one transaction's statements, in the order the statements were begun. A
 * caller hears of a failure through its own chain of promises (Promise.all, async functions):
 * a statement sent behind a failing one may reach it first with its 25P02, which says nothing
 * (issue 43: a duplicate id answered 500 and was retried for ever instead of refused).
 */
class StatementFailures {
  private readonly failures: { index: number; error: unknown }[] = [];
  private begun = 0;

  /** Hears of the statement's failure, if any, however its caller waits for it. */
  watch<T>(statement: T): T {
    if (!(statement instanceof Promise)) return statement;
    const index = this.begun++;
    const then: Promise<unknown>["then"] = statement.then.bind(statement);
    // postgres.js runs a query once something waits for it: wrapping `then` keeps that (a
    // fragment nested in another statement is never waited for, and so never runs alone).
    Object.defineProperty(statement, "then", {
      value: (resolved?: (value: unknown) => unknown, rejected?: (reason: unknown) => unknown) =>
        then(resolved, (error: unknown) => {
          this.failures.push({ index, error });
          if (rejected) return rejected(error);
          throw error;
        }),
    });
    return statement;
  }

  /** The failing statement behind an "aborted" error: the first begun whose error is its own. */
  async causeOf(error: unknown): Promise<unknown> {
    if (postgresErrorCode(error) !== ABORTED) return error;
    // Every answer already read off the connection reaches its statement by the next turn.
    await new Promise((resolve) => setImmediate(resolve));
    const own = this.failures
      .filter((failure) => postgresErrorCode(failure.error) !== ABORTED)
      .sort((a, b) => a.index - b.index);
    return own[0]?.error ?? error;
  }
}

export function isRetryable(error: unknown): boolean {
  const code = postgresErrorCode(error);
  return code !== undefined && RETRYABLE_CODES.has(code);
}

type Isolation = "read committed" | "repeatable read" | "serializable";

/** Runs `run` in a transaction at the given isolation level, again on 40001/40P01. */
export async function withRetry<T>(
  sql: postgres.Sql,
  isolation: Isolation,
  run: (tx: Tx, commit: Commit) => Promise<T>,
  attempts = DEFAULT_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction(sql, isolation, run);
    } catch (error) {
      if (!isRetryable(error) || attempt >= attempts) throw error;
      // Exponential backoff with full jitter, so the transactions that collided spread out.
      const ceiling = Math.min(MAX_BACKOFF_MS, 2 ** attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
    }
  }
}

export const readCommitted = <T>(sql: postgres.Sql, run: (tx: Tx, commit: Commit) => Promise<T>) =>
  withRetry(sql, "read committed", run);

/** Told of every transaction on a pool (server/metrics): the metrics read it when scraped. */
type TransactionObserver = {
  /** The pool handed the transaction a connection. */
  acquired(): void;
  /** The transaction gave its connection back. */
  released(): void;
  /** The transaction ended, `seconds` after its connection was asked for. */
  ended(isolation: Isolation, seconds: number): void;
};

const observers = new WeakMap<postgres.Sql, TransactionObserver>();

export function observeTransactions(sql: postgres.Sql, observer: TransactionObserver) {
  observers.set(sql, observer);
}

/** One try: BEGIN pipelined with the first statements, COMMIT with the last (module comment). */
async function transaction<T>(
  sql: postgres.Sql,
  isolation: Isolation,
  run: (tx: Tx, commit: Commit) => Promise<T>,
): Promise<T> {
  const observer = observers.get(sql);
  const started = performance.now();
  try {
    return await transactionOn(sql, isolation, run, observer);
  } finally {
    observer?.ended(isolation, (performance.now() - started) / 1000);
  }
}

async function transactionOn<T>(
  sql: postgres.Sql,
  isolation: Isolation,
  run: (tx: Tx, commit: Commit) => Promise<T>,
  observer: TransactionObserver | undefined,
): Promise<T> {
  const connection = await sql.reserve();
  observer?.acquired();
  let ended = false;
  const failures = new StatementFailures();
  // A statement begun after `commit` would run after the COMMIT, outside the transaction: it
  // fails instead (a broken caller, which the tests of every mutation would show).
  const tx = new Proxy(connection, {
    apply(target, self, args: Parameters<postgres.Sql>) {
      if (ended) throw new Error("a statement was begun after its transaction's COMMIT");
      return failures.watch(Reflect.apply(target, self, args));
    },
  });
  const commit: Commit = async (...last) => {
    if (ended) throw new Error("the transaction has already ended");
    ended = true;
    // postgres.js hands a statement to its connection a few microtasks after it is begun (an
    // awaited query is a thenable): after one turn of the event loop all of `last` are queued.
    await new Promise((resolve) => setImmediate(resolve));
    const settled = await Promise.allSettled([...last, connection`commit`.execute()]);
    const failures = settled.flatMap((outcome) =>
      outcome.status === "rejected" ? [outcome.reason as unknown] : [],
    );
    if (failures.length > 0) throw firstCause(failures);
  };
  try {
    const begin = connection.unsafe(`begin isolation level ${isolation}`).execute();
    // Settled with the callback's own statements; its failure fails them, and comes first.
    const [, result] = await Promise.all([begin, run(tx, commit)]);
    if (!ended) {
      ended = true;
      await connection`commit`;
    }
    return result;
  } catch (error) {
    // A COMMIT that ran behind a failed statement already rolled back; ROLLBACK then only warns.
    await connection`rollback`.catch(() => {});
    throw await failures.causeOf(error);
  } finally {
    connection.release();
    observer?.released();
  }
}
