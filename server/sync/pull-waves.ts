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
import { firstCause, withRetry, type Commit, type Tx } from "./transaction.ts";

/**
 * Memoises a read for the pulls of one wave: the first asks, the rest share its answer. `turn`
 * resolves once the pulls of the wave that asked before have had theirs, one per turn of the
 * event loop: a pull awaits it before the work its shared answers make (a crowd's pulls would
 * otherwise all do theirs at once, and pushes wait behind them).
 */
export type Shared = (<T>(key: string, read: () => Promise<T>) => Promise<T>) & {
  turn(): Promise<void>;
};

/** One pull's work inside a wave's transaction. */
export type WaveMember<T> = (tx: Tx, commit: Commit, shared: Shared) => Promise<T>;

export type PullWaves = {
  /** Runs `member` in the next wave that has no pull of `groupId` yet. */
  run<T>(groupId: string, member: WaveMember<T>): Promise<T>;
};

/** Transactions running pulls at once; the pool's other connections stay for pushes. */
export const MAX_WAVES = 2;
/** Pulls per wave at most: a wave's COMMIT waits for its slowest pull. */
export const MAX_PER_WAVE = 256;

type Waiting = {
  groupId: string;
  member: WaveMember<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/** A pull outside any wave reads for itself, and never waits for a turn. */
export const solo: Shared = Object.assign(<T>(_key: string, read: () => Promise<T>) => read(), {
  turn: () => Promise.resolve(),
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
    },
  );

  const last: Promise<unknown>[] = [];
  let waitingFor = wave.length;
  let allAtCommit!: () => void;
  const atCommit = new Promise<void>((resolve) => (allAtCommit = resolve));
  const arrived = () => {
    if (--waitingFor === 0) allAtCommit();
  };
  const committed = atCommit.then(() => commit(...last));
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
