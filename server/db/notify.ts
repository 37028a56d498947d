import type postgres from "postgres";
import type { Tx } from "./transaction.ts";

/** Who a change concerns: the workspaces it touched and the people it touched directly. */
export type SyncChange = { workspaceIds: string[]; userIds: string[] };

/** Publishes changes; the push and the better-auth hook use it. */
export type PokeAnnouncer = {
  /** Inside the writing transaction: real Postgres queues the NOTIFY for the commit. */
  inTransaction(tx: Tx, change: SyncChange): Promise<void>;
  /** After the commit: the embedded database's in-process bus publishes here. */
  afterCommit(change: SyncChange): void;
  /** Outside any transaction, for writes someone else committed (better-auth's calls). */
  announce(change: SyncChange): Promise<void>;
  /** After a call that may have ended sessions: every instance checks its streams' sessions. */
  sessionsEnded(): Promise<void>;
};

/**
 * A Postgres NOTIFY on a channel: inside a transaction it is sent at the commit, so listeners
 * (the poke streams of every instance) hear only of what was written.
 */
export async function notify(
  tx: postgres.Sql | postgres.TransactionSql,
  channel: string,
  payload: string,
) {
  await tx`select pg_notify(${channel}, ${payload})`;
}
