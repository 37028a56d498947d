/**
 * The SQL of the public project page: one public project with its tasks and the labels they
 * carry. Only the fields a signed-out visitor may see are selected; assignees are named, never
 * identified by email or id.
 */
import type postgres from "postgres";
import type {
  PublicLabel,
  PublicProject,
  PublicStatus,
  PublicTask,
} from "../../shared/public-project.ts";
import { compareStatuses } from "../../shared/statuses.ts";

type ProjectRow = PublicProject["project"] & { workspaceId: string };
type TaskRow = Omit<PublicTask, "createdAt" | "updatedAt"> & { createdAt: Date; updatedAt: Date };

/** The project if it exists and is public; a private project is as absent as a missing one. */
export async function loadPublicProject(
  sql: postgres.Sql,
  projectId: string,
): Promise<PublicProject | null> {
  const [project] = await sql<ProjectRow[]>`
    select id, workspace_id as "workspaceId", name, key, icon, description
    from project where id = ${projectId} and is_public`;
  if (!project) return null;

  // The live statuses, in workflow order (compareStatuses: category, position, id).
  const statuses = await sql<(PublicStatus & { position: string })[]>`
    select status_id as id, name, category, color, icon, position from project_status
    where project_id = ${project.id} and replaced_by is null`;

  const tasks = await sql<TaskRow[]>`
    select t.id, t.number, t.title, t.description, t.status, t.priority,
      t.due_date::text as "dueDate", t.position, u.name as "assigneeName",
      t.created_at as "createdAt", t.updated_at as "updatedAt",
      coalesce(
        (select array_agg(tl.label_id order by tl.label_id collate "C")
         from task_label tl where tl.task_id = t.id),
        '{}') as "labelIds"
    from task t left join "user" u on u.id = t.assignee_id
    where t.project_id = ${project.id}
    order by t.status, t.position collate "C", t.id collate "C"`;

  // Only the labels its tasks carry: the workspace's other labels may name private work.
  const labels = await sql<PublicLabel[]>`
    select l.id, l.name, l.color from label l
    where l.workspace_id = ${project.workspaceId}
      and exists (
        select 1 from task_label tl join task t on t.id = tl.task_id
        where tl.label_id = l.id and t.project_id = ${project.id})
    order by l.name`;

  return {
    project: {
      id: project.id,
      name: project.name,
      key: project.key,
      icon: project.icon,
      description: project.description,
    },
    statuses: statuses.sort(compareStatuses).map(({ position: _position, ...status }) => status),
    tasks: tasks.map((task) => ({
      ...task,
      createdAt: task.createdAt.toISOString(),
      updatedAt: task.updatedAt.toISOString(),
    })),
    labels,
  };
}
