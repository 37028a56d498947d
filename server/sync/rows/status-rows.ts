/**
 * The SQL of project statuses (table project_status, migration 0010): their values for the
 * pull, the look-ups that check a task's status, and the writes of the Workflow mutators
 * (mutations/workflow-mutations.ts). Split from data.ts (now scope-rows.ts) by entity, as STYLE.md
 * asks.
 *
 * Locks, in the push's order (projects, then tasks, then statuses): a task written into a status
 * takes that status's row `for share`, and deleting a status updates its row before it moves
 * that status's tasks. So a move into a status being deleted either commits first (and its task
 * is moved with the others) or waits and then sees the status deleted (and lands in the
 * replacement): no task is ever left in a deleted status.
 */
import type postgres from "postgres";
import type { Status, TaskStatus } from "../../../shared/entities.ts";
import { statusKey } from "../../../shared/keys.ts";
import { comparePositions, positionsAfter } from "../../../shared/task-position.ts";

type Db = postgres.Sql | postgres.TransactionSql;

type StoredStatus = Omit<Status, "createdAt" | "updatedAt"> & {
  rowId: string;
  createdAt: Date;
  updatedAt: Date;
};

/**
 * Statuses as the pull sends them: `where` names project_status's columns. `key` is the status's
 * Replicache key, `rowId` the row's own id (`{projectId}/{id}`), which orders a first pull.
 */
export async function statusesWhere(
  tx: Db,
  where: postgres.Fragment,
): Promise<{ key: string; rowId: string; value: Status }[]> {
  const rows = await tx<StoredStatus[]>`
    select id as "rowId", status_id as id, workspace_id as "workspaceId",
      project_id as "projectId", name, category, color, icon, position,
      replaced_by as "replacedBy", created_at as "createdAt", updated_at as "updatedAt"
    from project_status ${where}`;
  return rows.map(({ rowId, ...status }) => ({
    key: statusKey(status.projectId, status.id),
    rowId,
    value: {
      ...status,
      createdAt: status.createdAt.toISOString(),
      updatedAt: status.updatedAt.toISOString(),
    },
  }));
}

/** Every status of a project, deleted ones too (the Workflow mutators check against them). */
export async function projectStatuses(tx: Db, projectId: string): Promise<Status[]> {
  const rows = await statusesWhere(tx, tx`where project_id = ${projectId}`);
  return rows.map((row) => row.value);
}

/**
 * Where a task written into `statusId` of a project goes: the status itself, or the replacement
 * of a deleted one (with the names of both ends, for notifications). Null: the project has no
 * such status. Locks the status `for share` (module comment).
 */
type TargetStatus = { id: TaskStatus; name: string };

const targetSelect = (tx: Db) => tx`
  select coalesce(s.replaced_by, s.status_id) as id,
    coalesce((select r.name from project_status r
      where r.project_id = s.project_id and r.status_id = s.replaced_by), s.name) as name
  from project_status s`;

/**
 * Which status row of the project a new task goes into: `statusId`, or the first unstarted
 * one (`project_status s`). Shared by its status and by the last position in it.
 */
const newTaskStatusRow = (tx: Db, projectId: string, statusId: TaskStatus | undefined) =>
  statusId === undefined
    ? tx`
        where s.project_id = ${projectId} and s.category = 'unstarted' and s.replaced_by is null
        order by s.position, s.status_id collate "C" limit 1`
    : tx`where s.project_id = ${projectId} and s.status_id = ${statusId}`;

/** The status a new task of the project goes into: `statusId`, or the first unstarted one. */
export async function statusForNewTask(
  tx: Db,
  projectId: string,
  statusId: TaskStatus | undefined,
): Promise<TargetStatus | null> {
  const [row] = await tx<TargetStatus[]>`
    ${targetSelect(tx)} ${newTaskStatusRow(tx, projectId, statusId)}
    for share of s`;
  return row ?? null;
}

/**
 * The last position in the status a new task goes into (statusForNewTask's, resolved the same
 * way in a subquery, so it is read in the same round trip). Sent after the project's lock:
 * concurrent pushes creating tasks in one project take turns and each sees the one before it.
 * Written as `order by … limit 1`, which walks the index backwards to one entry (the subquery
 * is computed once, before the scan): with `max()` the planner may read the whole column
 * (12 ms for 3,000 tasks under npm run bench, with the project locked all along).
 */
export async function lastPositionForNewTask(
  tx: Db,
  projectId: string,
  statusId: TaskStatus | undefined,
): Promise<string[]> {
  const rows = await tx<{ position: string }[]>`
    select position from task
    where project_id = ${projectId} and status = (
      select coalesce(s.replaced_by, s.status_id) from project_status s
      ${newTaskStatusRow(tx, projectId, statusId)})
    order by position desc limit 1`;
  return rows.map((row) => row.position);
}

/**
 * The status a task moves into (in the task's own project), and the name of the status it is
 * in now. Sent right after the task's lock, in the same round trip.
 */
export async function statusForTask(
  tx: Db,
  taskId: string,
  statusId: TaskStatus,
): Promise<(TargetStatus & { fromName: string | null }) | null> {
  const [row] = await tx<(TargetStatus & { fromName: string | null })[]>`
    select coalesce(s.replaced_by, s.status_id) as id,
      coalesce((select r.name from project_status r
        where r.project_id = s.project_id and r.status_id = s.replaced_by), s.name) as name,
      (select c.name from project_status c join task t on t.project_id = c.project_id
        and t.status = c.status_id where t.id = ${taskId}) as "fromName"
    from project_status s
    where s.project_id = (select project_id from task where id = ${taskId})
      and s.status_id = ${statusId}
    for share of s`;
  return row ?? null;
}

export async function insertStatus(tx: Db, status: Status) {
  await tx`
    insert into project_status (status_id, workspace_id, project_id, name, category, color, icon,
      position, created_at, updated_at)
    values (${status.id}, ${status.workspaceId}, ${status.projectId}, ${status.name},
      ${status.category}, ${status.color}, ${status.icon}, ${status.position},
      ${status.createdAt}, ${status.updatedAt})`;
}

export async function updateStatus(
  tx: Db,
  projectId: string,
  id: string,
  changes: {
    name?: string | undefined;
    color?: string | undefined;
    icon?: string | null | undefined;
    position?: string | undefined;
    updatedAt: string;
  },
) {
  await tx`
    update project_status set
      name = coalesce(${changes.name ?? null}, name),
      color = coalesce(${changes.color ?? null}, color),
      icon = case when ${changes.icon !== undefined} then ${changes.icon ?? null} else icon end,
      position = coalesce(${changes.position ?? null}, position),
      updated_at = ${changes.updatedAt}
    where project_id = ${projectId} and status_id = ${id}`;
}

/**
 * Marks the status deleted, pointing it (and every status deleted into it before) at its
 * replacement, then moves its tasks, in their order, to the bottom of the replacement, each
 * with an activity line (from the status to its replacement, by the person who deleted it). The
 * status's row is updated first: moves into it that hold it `for share` finish before the tasks
 * are read, later ones see it deleted. Returns how many tasks moved.
 */
export async function deleteStatus(
  tx: Db,
  change: {
    workspaceId: string;
    projectId: string;
    id: string;
    replacementId: string;
    actorId: string;
    updatedAt: string;
  },
): Promise<number> {
  const { workspaceId, projectId, id, replacementId, actorId, updatedAt } = change;
  await tx`
    update project_status set replaced_by = ${replacementId}, updated_at = ${updatedAt}
    where project_id = ${projectId} and status_id = ${id}`;
  await tx`
    update project_status set replaced_by = ${replacementId}
    where project_id = ${projectId} and replaced_by = ${id}`;
  // Locked in id order, as a push's batch locks tasks; moved in board order.
  const moving = await tx<{ id: string; position: string }[]>`
    select id, position from task where project_id = ${projectId} and status = ${id}
    order by id for update`;
  if (moving.length === 0) return 0;
  moving.sort(comparePositions);
  const [last] = await tx<{ position: string }[]>`
    select position from task where project_id = ${projectId} and status = ${replacementId}
    order by position desc limit 1`;
  const ids = moving.map((task) => task.id);
  const positions = positionsAfter(last ? [last.position] : [], ids.length);
  await tx`
    update task set status = ${replacementId}, position = moved.position, updated_at = ${updatedAt}
    from unnest(${ids}::text[], ${positions}::text[]) as moved(id, position)
    where task.id = moved.id`;
  await tx`
    insert into activity (id, workspace_id, task_id, actor_id, kind, from_value, to_value,
      created_at)
    select gen_random_uuid()::text, ${workspaceId}, moved.id, ${actorId}, 'status', ${id},
      ${replacementId}, ${updatedAt}
    from unnest(${ids}::text[]) as moved(id)`;
  return ids.length;
}
