import type postgres from "postgres";

/**
 * A task's key ("WEB-12", as `formatTaskKey` in shared/task-key.ts writes it) in SQL, for a
 * statement that names the task `t` and its project `p`. The one place SQL spells the format.
 */
export const taskKeySql = (sql: postgres.Sql | postgres.TransactionSql) =>
  sql`p.key || '-' || t.number`;
