/**
 * The transaction helper sends BEGIN with the first statements and COMMIT right behind the
 * last ones (transaction.ts). What must hold: the last statements still run inside the
 * transaction, a failure among them rolls everything back and is the error reported (not the
 * "transaction aborted" of the statements behind it), and a statement begun too late is refused.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database } from "./database.ts";
import { createTestDatabase, type TestDatabase } from "../test/test-database.ts";
import { postgresErrorCode, readCommitted, type Tx } from "./transaction.ts";

let testDatabase: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = await openDatabase({ databaseUrl: testDatabase.databaseUrl, dataDir: testDatabase.dataDir });
  await db.sql`create table pipelined (id text primary key, note text not null)`;
});

afterAll(async () => {
  await db?.close();
  await testDatabase?.drop();
});

/** The transaction's id as a statement sees it (null outside any transaction that wrote). */
async function writingTransaction(tx: Tx, id: string): Promise<string | null> {
  const [row] = await tx<{ xid: string | null }[]>`
    insert into pipelined (id, note) values (${id}, ${"written"})
    returning txid_current_if_assigned()::text as xid`;
  return row?.xid ?? null;
}

it("the last statements, sent with the COMMIT behind them, run inside the transaction", async () => {
  const xids = await readCommitted(db.sql, async (tx, commit) => {
    const first = await writingTransaction(tx, "first");
    // Async functions begun together, as a push's last statements are.
    const last: (string | null)[] = [];
    await commit(
      writingTransaction(tx, "second").then((xid) => last.push(xid)),
      writingTransaction(tx, "third").then((xid) => last.push(xid)),
    );
    return { first, last };
  });
  expect(xids.first).not.toBeNull();
  expect(xids.last).toEqual([xids.first, xids.first]);
  const rows = await db.sql`select id from pipelined where id in ('first', 'second', 'third')`;
  expect(rows.map((row) => row.id).sort()).toEqual(["first", "second", "third"]);
});

it("a failing last statement rolls the whole transaction back and is the error reported", async () => {
  const failed = await readCommitted(db.sql, async (tx, commit) => {
    await writingTransaction(tx, "kept-out");
    await commit(
      writingTransaction(tx, "first"), // a duplicate: fails, and so does everything behind it
      writingTransaction(tx, "also-kept-out"),
    );
  }).catch((error: unknown) => error);
  expect(postgresErrorCode(failed)).toBe("23505");
  const rows = await db.sql`select id from pipelined where id in ('kept-out', 'also-kept-out')`;
  expect(rows).toHaveLength(0);
});

it("a statement begun after the COMMIT was sent is refused", async () => {
  let late: Promise<unknown> = Promise.resolve();
  // The refusal, as the late statement's caller sees it.
  await readCommitted(db.sql, async (tx, commit) => {
    const ended = commit(writingTransaction(tx, "on-time"));
    late = Promise.resolve()
      .then(() => writingTransaction(tx, "late"))
      .catch((error: unknown) => error);
    await ended;
  });
  expect(await late).toEqual(new Error("a statement was begun after its transaction's COMMIT"));
  const rows = await db.sql`select id from pipelined where id in ('on-time', 'late')`;
  expect(rows.map((row) => row.id)).toEqual(["on-time"]);
});

it("a transaction whose callback never commits is committed after it", async () => {
  await readCommitted(db.sql, async (tx) => {
    await writingTransaction(tx, "plain");
  });
  const rows = await db.sql`select id from pipelined where id = 'plain'`;
  expect(rows).toHaveLength(1);
});

it("a failing statement is the error reported, even when one behind it is heard of first", async () => {
  // The failing insert sits two async functions deep; the statement behind it, sent directly,
  // settles its "transaction aborted" (25P02) a few microtasks sooner.
  const deep = async (tx: Tx) => {
    await Promise.all([writingTransaction(tx, "first")]);
  };
  const failures = await Promise.all(
    Array.from({ length: 10 }, () =>
      readCommitted(db.sql, async (tx, commit) => {
        await commit(
          Promise.all([deep(tx), tx`insert into pipelined (id, note) values ('never', 'x')`]),
        );
      }).catch((error: unknown) => postgresErrorCode(error)),
    ),
  );
  expect(failures).toEqual(Array.from({ length: 10 }, () => "23505"));
});
