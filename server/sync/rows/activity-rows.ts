/**
 * The task's history as the push writes it, a line per change. Split from data.ts (now
 * scope-rows.ts).
 */
import type postgres from "postgres";
import type { ActivityKind } from "../../../shared/entities.ts";

type Db = postgres.Sql | postgres.TransactionSql;

type NewActivity = {
  workspaceId: string;
  taskId: string;
  actorId: string;
  kind: ActivityKind;
  from?: string | null;
  to?: string | null;
  commentId?: string | null;
  createdAt: string;
};

/** All of a mutation's activity lines in one statement. */
export async function insertActivities(tx: Db, activities: NewActivity[]) {
  if (activities.length === 0) return;
  const rows = activities.map((activity) => ({
    id: crypto.randomUUID(),
    workspace_id: activity.workspaceId,
    task_id: activity.taskId,
    actor_id: activity.actorId,
    kind: activity.kind,
    from_value: activity.from ?? null,
    to_value: activity.to ?? null,
    comment_id: activity.commentId ?? null,
    created_at: activity.createdAt,
  }));
  await tx`insert into activity ${tx(rows)}`;
}
