/**
 * Turns the rows read from a file into the mutations that create them in one project: assignees
 * by email among the workspace's members, labels by name (missing ones created), statuses by
 * name (missing ones created, or mapped: below), and positions at the end of each status column
 * in file order. Pure, like the parsing before it.
 *
 * A row's status, in this order: none → the project's first unstarted status; a status of the
 * project by name, then by id (an export of this app before statuses had names, a Kaneo file);
 * one of the old aliases of the defaults (`backlog`, `doing`, `review`, `completed`) while the
 * project still has that default; else a new status, in the category the file describes (a
 * JSON export of this app lists its statuses) or that its name suggests (`categoryFromName`).
 * Only owners and admins change a workflow: for anyone else an unknown status maps to the
 * project's first status of that category, and the report says so.
 */
import {
  labelColors,
  type Label,
  type LabelColor,
  type Member,
  type Status,
  type Task,
  type TaskStatus,
} from "../../../shared/entities.ts";
import {
  categoryFromName,
  defaultStatuses,
  defaultTaskStatus,
  liveStatuses,
  MAX_STATUSES_PER_PROJECT,
  squashStatusName,
} from "../../../shared/statuses.ts";
import { positionAfter } from "../../../shared/task-position.ts";
import type { ImportRow, ParsedImport, RefusedRow } from "./import-tasks.ts";
import type { StatusCategory } from "../../../shared/status-palette.ts";
import type { MutatorArgs } from "../../../shared/mutators/mutators.ts";

type ImportPlan = {
  labels: MutatorArgs["createLabel"][];
  statuses: MutatorArgs["createStatus"][];
  tasks: MutatorArgs["createTask"][];
  refused: RefusedRow[];
  /** Status names of the file the project lacks, and the status their tasks went to instead. */
  mappedStatuses: { from: string; to: string }[];
};

type PlanContext = {
  projectId: string;
  workspaceId: string;
  members: readonly Member[];
  labels: readonly Label[];
  /** The project's statuses (deleted ones are left aside). */
  statuses: readonly Status[];
  projectTasks: readonly Task[];
  /** Assigning needs `task: assign`; a file's assignees are refused rather than dropped without it. */
  canAssign: boolean;
  /** Owners and admins: a file's unknown statuses are added to the workflow. */
  canEditWorkflow: boolean;
  newId: () => string;
  now: string;
};

const isLabelColor = (value: string): value is LabelColor =>
  (labelColors as readonly string[]).includes(value);

/** Words older files use for the default statuses. */
const defaultAliases: Record<string, TaskStatus> = {
  backlog: "planned",
  doing: "in-progress",
  review: "in-review",
  completed: "done",
};

const categoryColor = (category: StatusCategory) =>
  defaultStatuses.find((status) => status.category === category)?.color ?? "gray";

export function planImport(parsed: ParsedImport, context: PlanContext): ImportPlan {
  const plan: ImportPlan = {
    labels: [],
    statuses: [],
    tasks: [],
    refused: [...parsed.refused],
    mappedStatuses: [],
  };
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

  const statusIdFor = statusResolver(parsed, context, plan);

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
    const status = statusIdFor(row.statusName);
    const position = positionAfter(lastPosition.get(status) ?? []);
    lastPosition.set(status, [position]);
    plan.tasks.push({
      id: context.newId(),
      projectId: context.projectId,
      title: row.title,
      description: row.description,
      status,
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

/** Status names of the file → status ids of the project, adding statuses to `plan` as needed. */
function statusResolver(parsed: ParsedImport, context: PlanContext, plan: ImportPlan) {
  const live = liveStatuses(context.statuses);
  const byName = new Map(live.map((status) => [squashStatusName(status.name), status.id]));
  const byId = new Map(live.map((status) => [squashStatusName(status.id), status.id]));
  const fallback = defaultTaskStatus(context.statuses) ?? live[0]?.id ?? "to-do";
  const positions = new Map<StatusCategory, string[]>();
  for (const status of live) {
    positions.set(status.category, [...(positions.get(status.category) ?? []), status.position]);
  }
  let room = MAX_STATUSES_PER_PROJECT - live.length;

  const described = new Map(
    Object.entries(parsed.statuses).map(([name, status]) => [squashStatusName(name), status]),
  );

  return (name: string): TaskStatus => {
    const key = squashStatusName(name);
    if (key === "") return fallback;
    const known = byName.get(key) ?? byId.get(key);
    if (known) return known;
    const alias = defaultAliases[key];
    if (alias && live.some((status) => status.id === alias)) return alias;

    const category = described.get(key)?.category ?? categoryFromName(name);
    if (context.canEditWorkflow && room > 0) {
      const id = context.newId();
      const position = positionAfter(positions.get(category) ?? []);
      positions.set(category, [position]);
      plan.statuses.push({
        id,
        projectId: context.projectId,
        name: name.trim().slice(0, 50),
        category,
        color: described.get(key)?.color ?? categoryColor(category),
        position,
        createdAt: context.now,
      });
      byName.set(key, id);
      room -= 1;
      return id;
    }
    const nearest = live.find((status) => status.category === category)?.id ?? fallback;
    const nearestName = live.find((status) => status.id === nearest)?.name ?? nearest;
    plan.mappedStatuses.push({ from: name.trim(), to: nearestName });
    byName.set(key, nearest);
    return nearest;
  };
}
