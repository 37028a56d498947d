/**
 * Pulls served in waves (issue 19, the crowd): every change pokes every client of its
 * workspace, and their pulls arrive together and ask for the same rows. Pulls that are waiting
 * when a transaction is free go into it together, as one wave:
 *
 * - One repeatable-read transaction on one connection serves every pull of the wave: all of
 *   them read the same snapshot, and each still reads and writes its own client group and
 *   client view record, with its statements pipelined behind the others'. One COMMIT goes
 *   out behind the last statements of them all.
 * - Reads that do not depend on who asks (a workspace's rows changed since a snapshot, a page
 *   of a first pull, a person's access) are read once per wave and shared (`Shared`): clients
 *   poked by the same change, whose previous pulls were in one wave too, ask with the same
 *   snapshot, so after one wave a crowd asks one question instead of two hundred.
 * - At most MAX_WAVES transactions run pulls at once, so pushes keep the rest of the database
 *   pool: a crowd's pulls wait their turn rather than making every push wait for a connection.
 *   The longer a wave takes, the more pulls the next one serves together; with nobody else
 *   waiting a pull is a wave of one and starts at once.
 * - A client group is in one wave at a time: two pulls of one group would both write the
 *   group's cookie order (pull.ts), so the second waits for the next wave.
 *
 * A database error in any pull of a wave fails the transaction for all of them (a statement
 * behind a failed one fails too): the wave runs again on a serialization failure or deadlock,
 * as a single pull does, and otherwise every pull of it fails with that error. Any other error
 * (a client group of another user: 403) is that pull's own, and the others go on.
 */
import postgres from "postgres";
import { firstCause, withRetry, type Commit, type Tx } from "../db/transaction.ts";

/**
 * A read that every pull makes for a key of its own (its client group, its record): the keys
 * the pulls of a wave ask for in one turn go to the database as one statement. A key missing
 * from the answer has no row.
 */
type BatchedRead<K, V> = { read(tx: Tx, keys: K[]): Promise<Map<K, V>> };

/**
 * A write that every pull makes for itself (its cookie order, its new record): the rows of a
 * wave's pulls go to the database as one statement, sent right before the wave's COMMIT.
 */
type BatchedWrite<R> = { write(tx: Tx, rows: R[]): Promise<unknown> };

/**
 * What the pulls of one wave share. Called as a function it memoises a read: the first asks,
 * the rest share its answer. `turn` resolves once the pulls of the wave that asked before have
 * had theirs, one per turn of the event loop: a pull awaits it before the work its shared
 * answers make (a crowd's pulls would otherwise all do theirs at once, and pushes wait behind
 * them). `one` and `write` put a pull's own read or write in a statement for the whole wave:
 * a crowd's wave of 100 pulls sends a few statements rather than a thousand, each of which cost
 * the server and Postgres a round of parsing and a system call.
 */
export type Shared = (<T>(key: string, read: () => Promise<T>) => Promise<T>) & {
  turn(): Promise<void>;
  one<K, V>(batch: BatchedRead<K, V>, tx: Tx, key: K): Promise<V | undefined>;
  /**
   * Settles when the row is written. In a wave the statement goes out when every pull has
   * reached its commit: pass the promise to `commit`, never await it before.
   */
  write<R>(batch: BatchedWrite<R>, tx: Tx, row: R): Promise<unknown>;
};

/** The key of a read shared by the pulls of a wave: what it reads and with what. */
export function sharedKey(...parts: unknown[]): string {
  return JSON.stringify(parts);
}

/** One pull's work inside a wave's transaction. */
type WaveMember<T> = (tx: Tx, commit: Commit, shared: Shared) => Promise<T>;

export type PullWaves = {
  /** Runs `member` in the next wave that has no pull of `groupId` yet. */
  run<T>(groupId: string, member: WaveMember<T>): Promise<T>;
};

/** Transactions running pulls at once; the pool's other connections stay for pushes. */
const MAX_WAVES = 2;
/** Pulls per wave at most: a wave's COMMIT waits for its slowest pull. */
const MAX_PER_WAVE = 256;

type Waiting = {
  groupId: string;
  member: WaveMember<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/** A pull outside any wave reads and writes for itself, and never waits for a turn. */
export const solo: Shared = Object.assign(<T>(_key: string, read: () => Promise<T>) => read(), {
  turn: () => Promise.resolve(),
  one: <K, V>(batch: BatchedRead<K, V>, tx: Tx, key: K) =>
    batch.read(tx, [key]).then((values) => values.get(key)),
  write: <R>(batch: BatchedWrite<R>, tx: Tx, row: R) => batch.write(tx, [row]),
});

export function createPullWaves(
  sql: postgres.Sql,
  { maxWaves = MAX_WAVES, maxPerWave = MAX_PER_WAVE } = {},
): PullWaves {
  const queue: Waiting[] = [];
  /** Client groups with a pull in a running wave. */
  const busy = new Set<string>();
  let running = 0;

  const next = () => {
    while (running < maxWaves && queue.length > 0) {
      const wave: Waiting[] = [];
      const groups = new Set<string>();
      for (let i = 0; i < queue.length && wave.length < maxPerWave;) {
        const waiting = queue[i]!;
        if (busy.has(waiting.groupId) || groups.has(waiting.groupId)) {
          i++;
          continue;
        }
        groups.add(waiting.groupId);
        wave.push(waiting);
        queue.splice(i, 1);
      }
      if (wave.length === 0) return;
      running++;
      for (const id of groups) busy.add(id);
      void runWave(sql, wave).finally(() => {
        running--;
        for (const id of groups) busy.delete(id);
        next();
      });
    }
  };

  return {
    run<T>(groupId: string, member: WaveMember<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          groupId,
          member: member as WaveMember<unknown>,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        next();
      });
    },
  };
}

/** Runs the pulls of one wave in one transaction (module comment); settles each of them. */
async function runWave(sql: postgres.Sql, wave: Waiting[]): Promise<void> {
  let outcomes: PromiseSettledResult<unknown>[];
  try {
    outcomes = await withRetry(sql, "repeatable read", (tx, commit) => attempt(tx, commit, wave));
  } catch (error) {
    for (const waiting of wave) waiting.reject(error);
    return;
  }
  // One answer per turn of the event loop: writing a crowd's answers is a few milliseconds
  // each, and pushes that arrive meanwhile are served between them rather than after them all.
  for (const [i, waiting] of wave.entries()) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    const outcome = outcomes[i]!;
    if (outcome.status === "fulfilled") waiting.resolve(outcome.value);
    else waiting.reject(outcome.reason);
  }
}

/**
 * One try of a wave: every pull runs until it commits or returns; then one COMMIT goes behind
 * all their last statements, and each pull's `commit` resolves (or fails) with it.
 */
async function attempt(
  tx: Tx,
  commit: Commit,
  wave: Waiting[],
): Promise<PromiseSettledResult<unknown>[]> {
  const reads = new Map<string, Promise<unknown>>();
  let turns = Promise.resolve();
  const batchedReads = new Map<BatchedRead<unknown, unknown>, Map<unknown, Deferred<unknown>>>();
  const batchedWrites = new Map<
    BatchedWrite<unknown>,
    { rows: unknown[]; done: Deferred<unknown> }
  >();
  const shared: Shared = Object.assign(
    <T>(key: string, read: () => Promise<T>) => {
      let answer = reads.get(key) as Promise<T> | undefined;
      if (!answer) {
        answer = read();
        reads.set(key, answer);
      }
      return answer;
    },
    {
      turn: () => (turns = turns.then(() => new Promise<void>((resolve) => setImmediate(resolve)))),
      one: <K, V>(batch: BatchedRead<K, V>, _tx: Tx, key: K): Promise<V | undefined> => {
        const asked = batch as BatchedRead<unknown, unknown>;
        let keys = batchedReads.get(asked);
        if (!keys) {
          // The pulls that ask in this turn go together: sent once the turn's code has run.
          const pending = new Map<unknown, Deferred<unknown>>();
          batchedReads.set(asked, pending);
          keys = pending;
          process.nextTick(() => {
            batchedReads.delete(asked);
            asked.read(tx, [...pending.keys()]).then(
              (values) => pending.forEach((waiting, k) => waiting.resolve(values.get(k))),
              (error: unknown) => pending.forEach((waiting) => waiting.reject(error)),
            );
          });
        }
        let waiting = keys.get(key);
        if (!waiting) {
          waiting = deferred();
          keys.set(key, waiting);
        }
        return waiting.promise as Promise<V | undefined>;
      },
      write: <R>(batch: BatchedWrite<R>, _tx: Tx, row: R): Promise<unknown> => {
        const asked = batch as BatchedWrite<unknown>;
        let pending = batchedWrites.get(asked);
        if (!pending) {
          pending = { rows: [], done: deferred() };
          batchedWrites.set(asked, pending);
        }
        pending.rows.push(row);
        return pending.done.promise;
      },
    },
  );
  /** The wave's writes, in the order their kinds were first asked for, before its COMMIT. */
  const sendWrites = () =>
    [...batchedWrites].map(([batch, { rows, done }]) => {
      const written = batch.write(tx, rows);
      written.then(done.resolve, done.reject);
      return written;
    });

  const last: Promise<unknown>[] = [];
  let waitingFor = wave.length;
  let allAtCommit!: () => void;
  const atCommit = new Promise<void>((resolve) => (allAtCommit = resolve));
  const arrived = () => {
    if (--waitingFor === 0) allAtCommit();
  };
  const committed = atCommit.then(() => commit(...sendWrites(), ...last));
  // Heard below, once every pull has settled.
  committed.catch(() => {});

  const members = wave.map(async ({ member }) => {
    let arrivedAtCommit = false;
    try {
      return await member(
        tx,
        async (...statements) => {
          if (arrivedAtCommit) throw new Error("the transaction has already ended");
          arrivedAtCommit = true;
          last.push(...statements);
          arrived();
          await committed;
        },
        shared,
      );
    } finally {
      if (!arrivedAtCommit) {
        arrivedAtCommit = true;
        arrived();
      }
    }
  });
  const outcomes = await Promise.allSettled(members);
  // A failed COMMIT (or a last statement before it) is the wave's failure.
  await committed;
  // A database error of any pull failed the others' statements too, and its own: the wave as
  // a whole failed.
  const failures = outcomes.flatMap((outcome) =>
    outcome.status === "rejected" && outcome.reason instanceof postgres.PostgresError
      ? [outcome.reason]
      : [],
  );
  if (failures.length > 0) throw firstCause(failures);
  return outcomes;
}

type Deferred<T> = {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
};

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Heard by whoever was handed the promise; a wave that fails before asking is no rejection.
  promise.catch(() => {});
  return { promise, resolve, reject };
}
