/**
 * A project as a file, built from the local store: JSON with everything a re-import needs
 * (import-tasks.ts reads it back), or CSV with one row per task for spreadsheets. A task's status
 * is written as its name (the project's own word for it); the JSON also lists the project's
 * statuses, in order, so an import elsewhere recreates them in their categories.
 */
import type { Comment, Label, Member, Project, Status, Task } from "../../../shared/entities.ts";
import { liveStatuses } from "../../../shared/statuses.ts";
import { formatTaskKey } from "../../../shared/task-key.ts";
import { toCsv } from "./csv.ts";

type ExportSource = {
  project: Project;
  tasks: readonly Task[];
  labels: readonly Label[];
  members: readonly Member[];
  /** The project's statuses (deleted ones too: they only name nothing). */
  statuses: readonly Status[];
  /** By task id. */
  comments: ReadonlyMap<string, readonly Comment[]>;
};

const EXPORT_FORMAT = "tasks-project-export";

function lookups({
  labels,
  members,
  statuses,
}: Omit<ExportSource, "project" | "comments" | "tasks">) {
  const labelNames = new Map(labels.map((label) => [label.id, label.name]));
  const emails = new Map(members.map((member) => [member.id, member.email]));
  const statusNames = new Map(statuses.map((status) => [status.id, status.name]));
  return {
    statusOf: (task: Task) => statusNames.get(task.status) ?? task.status,
    labelsOf: (task: Task) => task.labelIds.flatMap((id) => labelNames.get(id) ?? []),
    emailOf: (userId: string | null) => (userId ? (emails.get(userId) ?? null) : null),
  };
}

export function projectToJson(source: ExportSource): string {
  const { project, tasks, comments } = source;
  const { labelsOf, emailOf, statusOf } = lookups(source);
  const usedLabels = new Set(tasks.flatMap((task) => task.labelIds));
  const document = {
    format: EXPORT_FORMAT,
    version: 1,
    project: {
      name: project.name,
      key: project.key,
      icon: project.icon,
      description: project.description,
    },
    statuses: liveStatuses(source.statuses).map((status) => ({
      name: status.name,
      category: status.category,
      color: status.color,
      icon: status.icon,
    })),
    labels: source.labels
      .filter((label) => usedLabels.has(label.id))
      .map((label) => ({ name: label.name, color: label.color })),
    tasks: tasks.map((task) => ({
      key: formatTaskKey(project.key, task.number),
      title: task.title,
      description: task.description,
      status: statusOf(task),
      priority: task.priority,
      assigneeEmail: emailOf(task.assigneeId),
      dueDate: task.dueDate,
      labels: labelsOf(task),
      createdAt: task.createdAt,
      comments: (comments.get(task.id) ?? []).map((comment) => ({
        authorEmail: emailOf(comment.authorId),
        body: comment.body,
        createdAt: comment.createdAt,
      })),
    })),
  };
  return JSON.stringify(document, null, 2);
}

const csvHeader = [
  "key",
  "title",
  "description",
  "status",
  "priority",
  "assignee_email",
  "due_date",
  "labels",
  "created_at",
];

export function projectToCsv(source: Omit<ExportSource, "comments">): string {
  const { project, tasks } = source;
  const { labelsOf, emailOf, statusOf } = lookups(source);
  return toCsv([
    csvHeader,
    ...tasks.map((task) => [
      formatTaskKey(project.key, task.number),
      task.title,
      task.description,
      statusOf(task),
      task.priority,
      emailOf(task.assigneeId) ?? "",
      task.dueDate ?? "",
      labelsOf(task).join(";"),
      task.createdAt,
    ]),
  ]);
}
