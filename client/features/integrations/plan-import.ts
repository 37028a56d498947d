/**
 * Turns the rows read from a file into the mutations that create them in one project: assignees
 * by email among the workspace's members, labels by name (missing ones created), and positions
 * at the end of each status column in file order. Pure, like the parsing before it.
 */
import {
  labelColors,
  type Label,
  type LabelColor,
  type Member,
  type Task,
  type TaskStatus,
} from "../../../shared/entities.ts";
import type { MutatorArgs } from "../../../shared/mutator-args.ts";
import { positionAfter } from "../../../shared/task-position.ts";
import type { ImportRow, ParsedImport, RefusedRow } from "./import-tasks.ts";

export type ImportPlan = {
  labels: MutatorArgs["createLabel"][];
  tasks: MutatorArgs["createTask"][];
  refused: RefusedRow[];
};

type PlanContext = {
  projectId: string;
  workspaceId: string;
  members: readonly Member[];
  labels: readonly Label[];
  projectTasks: readonly Task[];
  /** Assigning needs `task: assign`; a file's assignees are refused rather than dropped without it. */
  canAssign: boolean;
  newId: () => string;
  now: string;
};

const isLabelColor = (value: string): value is LabelColor =>
  (labelColors as readonly string[]).includes(value);

export function planImport(parsed: ParsedImport, context: PlanContext): ImportPlan {
  const plan: ImportPlan = { labels: [], tasks: [], refused: [...parsed.refused] };
  const memberIds = new Map(
    context.members.map((member) => [member.email.toLowerCase(), member.id]),
  );
  const labelIds = new Map(context.labels.map((label) => [label.name.toLowerCase(), label.id]));
  const lastPosition = new Map<TaskStatus, string[]>();
  for (const task of context.projectTasks) {
    lastPosition.set(task.status, [...(lastPosition.get(task.status) ?? []), task.position]);
  }

  const labelIdFor = (name: string): string => {
    const existing = labelIds.get(name.toLowerCase());
    if (existing) return existing;
    const id = context.newId();
    const color = parsed.labelColors[name] ?? "gray";
    plan.labels.push({
      id,
      workspaceId: context.workspaceId,
      name,
      color: isLabelColor(color) ? color : "gray",
      createdAt: context.now,
    });
    labelIds.set(name.toLowerCase(), id);
    return id;
  };

  const assigneeOf = (row: ImportRow): { id: string | null } | { reason: string } => {
    if (!row.assigneeEmail) return { id: null };
    const id = memberIds.get(row.assigneeEmail);
    if (!id) return { reason: `${row.assigneeEmail} is not a member of this workspace` };
    if (!context.canAssign) return { reason: "only owners and admins can assign tasks" };
    return { id };
  };

  for (const row of parsed.rows) {
    const assignee = assigneeOf(row);
    if ("reason" in assignee) {
      plan.refused.push({ row: row.row, reason: assignee.reason });
      continue;
    }
    const position = positionAfter(lastPosition.get(row.status) ?? []);
    lastPosition.set(row.status, [position]);
    plan.tasks.push({
      id: context.newId(),
      projectId: context.projectId,
      title: row.title,
      description: row.description,
      status: row.status,
      priority: row.priority,
      assigneeId: assignee.id,
      dueDate: row.dueDate,
      position,
      labelIds: row.labelNames.map(labelIdFor),
      createdAt: context.now,
    });
  }
  plan.refused.sort((a, b) => a.row - b.row);
  return plan;
}
