/**
 * The locks a push takes before it decides anything (server/sync/push.ts), and the shape of a
 * row read with the caller's role. The per-entity modules (server/sync/rows/: project-rows.ts,
 * task-rows.ts, label-rows.ts…) lock their own rows the same way.
 */
import type postgres from "postgres";

type Db = postgres.Sql | postgres.TransactionSql;

/**
 * The rows a push changes are read with `for update` (a project `for no key update`: lockRows
 * says why) and with the caller's role in their workspace, in one statement: the lock keeps
 * what a handler decides from the row (an activity's "from", whether a project's sharing
 * changes) true until it writes and commits, and at READ COMMITTED a locked row is its newest
 * committed version. `role` is null for a non-member.
 */
export type WithRole<T> = T & { role: string | null };

/**
 * Locks projects, then tasks, each in id order: the one order every batch takes them in.
 *
 * A project is locked `for no key update`, which still keeps every other push's project lock
 * and write waiting, but lets foreign-key checks through (`for key share` of the project row).
 * Postgres makes such a check on a task's second update in one transaction (a batch that
 * edits a task twice): with `for update` here, that push held the task and waited for the
 * project, while a push creating a task held the project and waited for the task. Two
 * instances under `npm run load -- --rate 3` then deadlocked by the hundred, and pushes
 * failed past every retry. A project's id never changes, and deleting one takes the stronger
 * lock when it deletes.
 */
export async function lockRows(
  tx: Db,
  { projectIds, taskIds }: { projectIds: string[]; taskIds: string[] },
) {
  if (projectIds.length > 0) {
    await tx`select id from project where id = any(${projectIds}) order by id for no key update`;
  }
  if (taskIds.length > 0) {
    await tx`select id from task where id = any(${taskIds}) order by id for update`;
  }
}
