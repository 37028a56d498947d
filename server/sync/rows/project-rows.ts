/**
 * The push's reads and writes of projects (server/sync/mutations/project.ts). Split from
 * data.ts (now scope-rows.ts).
 */
import type postgres from "postgres";
import type { Project } from "../../../shared/entities.ts";
import type { WithRole } from "../../db/row-locks.ts";

type Db = postgres.Sql | postgres.TransactionSql;

type LockedProject = WithRole<Pick<Project, "id" | "workspaceId" | "isPublic" | "key">>;

export async function lockProject(
  tx: Db,
  id: string,
  userId: string,
): Promise<LockedProject | null> {
  const [row] = await tx<LockedProject[]>`
    select p.id, p.workspace_id as "workspaceId", p.is_public as "isPublic", p.key, m.role
    from project p
    left join member m on m."organizationId" = p.workspace_id and m."userId" = ${userId}
    where p.id = ${id}
    for no key update of p`;
  return row ?? null;
}

export async function insertProject(tx: Db, project: Omit<Project, "isPublic" | "lastTaskNumber">) {
  await tx`
    insert into project (id, workspace_id, name, key, icon, description, created_at, updated_at)
    values (${project.id}, ${project.workspaceId}, ${project.name}, ${project.key}, ${project.icon},
      ${project.description}, ${project.createdAt}, ${project.updatedAt})`;
}

export async function updateProject(
  tx: Db,
  id: string,
  changes: {
    name?: string | undefined;
    key?: string | undefined;
    icon?: string | null | undefined;
    description?: string | undefined;
    isPublic?: boolean | undefined;
    updatedAt: string;
  },
) {
  await tx`
    update project set
      name = coalesce(${changes.name ?? null}, name),
      key = coalesce(${changes.key ?? null}, key),
      icon = case when ${changes.icon !== undefined} then ${changes.icon ?? null} else icon end,
      description = coalesce(${changes.description ?? null}, description),
      is_public = coalesce(${changes.isPublic ?? null}::boolean, is_public),
      updated_at = ${changes.updatedAt}
    where id = ${id}`;
}

export async function deleteProject(tx: Db, id: string) {
  await tx`delete from project where id = ${id}`;
}

/**
 * Hands out the project's next task number: the project's row lock, held to commit, makes it
 * unique and gap-free (a rolled-back push gives its number back). Null: no such project.
 */
export async function nextTaskNumber(tx: Db, projectId: string): Promise<number | null> {
  const [row] = await tx<{ number: number }[]>`
    update project set last_task_number = last_task_number + 1 where id = ${projectId}
    returning last_task_number as number`;
  return row?.number ?? null;
}
