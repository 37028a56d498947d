/** The push's reads and writes of a workspace's labels. Split from data.ts (now scope-rows.ts). */
import type postgres from "postgres";
import type { Label } from "../../../shared/entities.ts";
import type { WithRole } from "../../db/row-locks.ts";

type Db = postgres.Sql | postgres.TransactionSql;

/** How many of these ids are labels of the workspace. */
export async function countWorkspaceLabels(tx: Db, workspaceId: string, ids: string[]) {
  const [row] = await tx<{ count: number }[]>`
    select count(*)::int as count from label where workspace_id = ${workspaceId} and id = any(${ids})`;
  return row?.count ?? 0;
}

type LockedLabel = WithRole<Pick<Label, "id" | "workspaceId">>;

export async function lockLabel(tx: Db, id: string, userId: string): Promise<LockedLabel | null> {
  const [row] = await tx<LockedLabel[]>`
    select l.id, l.workspace_id as "workspaceId", m.role
    from label l
    left join member m on m."organizationId" = l.workspace_id and m."userId" = ${userId}
    where l.id = ${id}
    for update of l`;
  return row ?? null;
}

export async function insertLabel(tx: Db, label: Label) {
  await tx`
    insert into label (id, workspace_id, name, color, created_at, updated_at)
    values (${label.id}, ${label.workspaceId}, ${label.name}, ${label.color}, ${label.createdAt},
      ${label.updatedAt})`;
}

export async function updateLabel(
  tx: Db,
  id: string,
  changes: { name?: string | undefined; color?: string | undefined; updatedAt: string },
) {
  await tx`
    update label set name = coalesce(${changes.name ?? null}, name),
      color = coalesce(${changes.color ?? null}, color), updated_at = ${changes.updatedAt}
    where id = ${id}`;
}

export async function deleteLabel(tx: Db, id: string) {
  await tx`delete from label where id = ${id}`;
}
