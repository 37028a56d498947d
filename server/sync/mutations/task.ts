/**
 * The push's handlers of tasks: create, update, edit the description, move, delete into the
 * trash and restore; and the checks they share (assignee, parent, labels, status).
 */
import { InvalidDescription } from "../../../shared/description-doc.ts";
import type { Task } from "../../../shared/entities.ts";
import { parentRefusal } from "../../../shared/subtasks.ts";
import { positionAfter } from "../../../shared/task-position.ts";
import { formatTaskKey } from "../../../shared/task-key.ts";
import * as notify from "../../notifications/notify.ts";
import * as activityRows from "../rows/activity-rows.ts";
import { memberRole } from "../../auth/auth-rows.ts";
import {
  mergeDescription,
  replaceDescription,
  type SavedDescription,
} from "../description-merges.ts";
import * as labelRows from "../rows/label-rows.ts";
import * as projectRows from "../rows/project-rows.ts";
import * as taskRows from "../rows/task-rows.ts";
import * as trashRows from "../rows/trash-rows.ts";
import * as statusRows from "../rows/status-rows.ts";
import type { Handlers } from "./handler.ts";
import { MutationRefused, notFound, requireActions } from "./permissions-check.ts";
import type { Tx } from "../../db/transaction.ts";
import { normalizeLabelIds } from "../../../shared/mutators/store-reads.ts";
import type { LinkLine } from "./relation.ts";

export const taskHandlers: Handlers<
  "createTask" | "updateTask" | "editDescription" | "moveTask" | "deleteTask" | "restoreTask"
> = {
  async createTask({ tx, userId }, args) {
    // Sent together, run in order: the lock, the number, the status (a deleted one's
    // replacement) and the last position in it, read once the lock is held, so it sees the
    // task that the previous holder created.
    const [project, number, target, lastPositions] = await Promise.all([
      projectRows.lockProject(tx, args.projectId, userId),
      projectRows.nextTaskNumber(tx, args.projectId),
      statusRows.statusForNewTask(tx, args.projectId, args.status),
      args.position === undefined
        ? statusRows.lastPositionForNewTask(tx, args.projectId, args.status)
        : [],
    ]);
    if (!project?.role || number === null) throw notFound("project");
    const { workspaceId, role } = project;
    requireActions(role, "task.create");
    if (!target) throw unknownStatus();
    const status = target.id;
    if (args.assigneeId) {
      requireActions(role, "task.assign");
      await requireAssignable(tx, workspaceId, args.assigneeId);
    }
    const labelIds = normalizeLabelIds(args.labelIds ?? []);
    await requireLabels(tx, workspaceId, labelIds);
    const parentId = args.parentId ?? null;
    if (parentId) {
      const newTask = { id: args.id, projectId: project.id, workspaceId };
      await requireParent(tx, newTask, parentId, { isNew: true });
    }
    const task: Task = {
      id: args.id,
      workspaceId,
      projectId: project.id,
      number,
      title: args.title,
      description: args.description ?? "",
      status,
      priority: args.priority ?? "no-priority",
      assigneeId: args.assigneeId ?? null,
      dueDate: args.dueDate ?? null,
      position: args.position ?? positionAfter(lastPositions),
      labelIds,
      parentId,
      createdBy: userId,
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    };
    const at = { workspaceId, actorId: userId, createdAt: task.createdAt };
    const taskKey = formatTaskKey(project.key, number);
    const parentKey = parentId ? await keyOf(tx, parentId) : null;
    const writes = Promise.all([
      taskRows.insertTask(tx, task),
      activityRows.insertActivities(tx, [
        { ...at, taskId: task.id, kind: "created" },
        ...(parentId
          ? [
              { ...at, taskId: task.id, kind: "parent" as const, to: parentKey },
              { ...at, taskId: parentId, kind: "subtask" as const, to: taskKey },
            ]
          : []),
      ]),
      notify.taskCreated(tx, { taskId: task.id, actorId: userId, at: task.createdAt }, task),
    ]);
    return { workspaceId, writes };
  },

  async updateTask({ tx, userId }, { id, projectId: _hint, labelIds, ...asked }) {
    const [task, target] = await Promise.all([
      taskRows.lockTask(tx, id, userId),
      asked.status === undefined ? null : statusRows.statusForTask(tx, id, asked.status),
    ]);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "task.update");
    if (asked.status !== undefined && !target) throw unknownStatus();
    const changes = target ? { ...asked, status: target.id } : asked;
    if (changes.assigneeId !== undefined && changes.assigneeId !== task.assigneeId) {
      requireActions(task.role, "task.assign");
      if (changes.assigneeId) await requireAssignable(tx, task.workspaceId, changes.assigneeId);
    }
    const normalized = labelIds && normalizeLabelIds(labelIds);
    if (normalized) await requireLabels(tx, task.workspaceId, normalized);
    const parentChanged = changes.parentId !== undefined && changes.parentId !== task.parentId;
    if (parentChanged && changes.parentId) {
      await requireParent(tx, task, changes.parentId);
    }
    const before =
      changes.description === undefined ? null : await taskRows.taskDescription(tx, id);
    // A client that sends the whole text (one from before collaborative descriptions, an
    // import): once the description is a document, the text becomes one edit of it.
    const document =
      before?.state && changes.description !== undefined
        ? await merged(replaceDescription(id, before, changes.description ?? ""))
        : null;
    const mentioned =
      before && changes.description !== undefined
        ? notify.newMentions(before.markdown, changes.description)
        : [];
    const lines = taskChanges(task, changes);
    const parentLines = parentChanged
      ? await parentChangeLines(tx, task, changes.parentId ?? null)
      : [];
    const writes = Promise.all([
      normalized && taskRows.setTaskLabels(tx, id, normalized),
      taskRows.updateTask(tx, id, changes),
      document &&
        taskRows.saveDescriptionDoc(tx, {
          id,
          workspaceId: task.workspaceId,
          state: document.state,
          updatedAt: changes.updatedAt,
        }),
      activityRows.insertActivities(
        tx,
        [...lines.map((change) => ({ taskId: id, ...change })), ...parentLines].map((line) => ({
          workspaceId: task.workspaceId,
          actorId: userId,
          createdAt: changes.updatedAt,
          ...line,
        })),
      ),
      notify.taskUpdated(
        tx,
        { taskId: id, actorId: userId, at: changes.updatedAt },
        {
          ...(changes.assigneeId !== undefined && changes.assigneeId !== task.assigneeId
            ? { assignee: { from: task.assigneeId, to: changes.assigneeId } }
            : {}),
          mentioned,
          description: changes.description,
          fields: lines
            .filter(isFieldChange)
            .map((line) =>
              line.kind === "status" && target
                ? { ...line, from: target.fromName, to: target.name }
                : line,
            ),
        },
      ),
    ]);
    return { workspaceId: task.workspaceId, writes };
  },

  // The description's document: the update merges into the stored state (or into the seed of
  // the markdown, shared/description-doc.ts), and the text it now holds becomes the markdown
  // that search, the public page, export, mail and mentions read.
  async editDescription({ tx, userId }, { id, update, updatedAt }) {
    // Sent together, run in order: the description is read once the task's lock is held.
    const [task, before] = await Promise.all([
      taskRows.lockTask(tx, id, userId),
      taskRows.taskDescription(tx, id),
    ]);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "task.update");
    // Merged off the event loop (description-merges.ts), the task's lock still held.
    const after = await merged(mergeDescription(id, before, update));
    // Pushed twice or already merged: nothing changes, nothing is written or sent.
    if (!after) return { workspaceId: task.workspaceId, writes: Promise.resolve() };
    const textChanged = after.text !== before.markdown;
    const writes = Promise.all([
      taskRows.saveDescriptionDoc(tx, {
        id,
        workspaceId: task.workspaceId,
        state: after.state,
        updatedAt,
      }),
      textChanged && taskRows.updateTask(tx, id, { description: after.text, updatedAt }),
      textChanged &&
        notify.taskUpdated(
          tx,
          { taskId: id, actorId: userId, at: updatedAt },
          {
            mentioned: notify.newMentions(before.markdown, after.text),
            description: after.text,
            fields: [],
          },
        ),
    ]);
    return { workspaceId: task.workspaceId, writes };
  },

  async moveTask({ tx, userId }, { id, status: asked, position, updatedAt }) {
    const [task, target] = await Promise.all([
      taskRows.lockTask(tx, id, userId),
      statusRows.statusForTask(tx, id, asked),
    ]);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "task.update");
    if (!target) throw unknownStatus();
    // A move into a status deleted meanwhile lands in its replacement.
    const status = target.id;
    const writes = Promise.all([
      taskRows.updateTask(tx, id, { status, position, updatedAt }),
      status !== task.status &&
        activityRows.insertActivities(tx, [
          {
            workspaceId: task.workspaceId,
            taskId: id,
            actorId: userId,
            kind: "status",
            from: task.status,
            to: status,
            createdAt: updatedAt,
          },
        ]),
      status !== task.status &&
        notify.taskUpdated(
          tx,
          { taskId: id, actorId: userId, at: updatedAt },
          {
            mentioned: [],
            description: undefined,
            // Notifications keep what people read: the names, as they are now.
            fields: [{ kind: "status", from: target.fromName, to: target.name }],
          },
        ),
    ]);
    return { workspaceId: task.workspaceId, writes };
  },

  async deleteTask({ tx, userId }, { id, subtasks = "detach", deletedAt }) {
    const task = await taskRows.lockTask(tx, id, userId);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "task.delete");
    if (subtasks === "delete") {
      const writes = Promise.all([
        trashRows.deleteSubtasks(tx, id, userId),
        trashRows.deleteTask(tx, id, userId),
      ]);
      return { workspaceId: task.workspaceId, writes };
    }
    // Each sub-task kept says in its history that its parent went.
    const at = deletedAt ?? new Date().toISOString();
    const key = await keyOf(tx, id);
    const detached = await taskRows.detachSubtasks(tx, id, deletedAt);
    const writes = Promise.all([
      activityRows.insertActivities(
        tx,
        detached.map((subtaskId) => ({
          workspaceId: task.workspaceId,
          taskId: subtaskId,
          actorId: userId,
          kind: "parent",
          from: key,
          createdAt: at,
        })),
      ),
      trashRows.deleteTask(tx, id, userId),
    ]);
    return { workspaceId: task.workspaceId, writes };
  },

  // Undo of a delete: the same task back from the trash (rows/trash-rows.ts), or, once the trash no
  // longer holds it, a new task made of the arguments, as createTask makes it.
  async restoreTask(context, args) {
    const { tx, userId } = context;
    // The project, then the task, the order batches lock them in: a second restore of the same
    // id waits for the first and then finds the task.
    const [project, existing] = await Promise.all([
      projectRows.lockProject(tx, args.projectId, userId),
      taskRows.lockTask(tx, args.id, userId),
    ]);
    // Back already (the undo of another tab, a redo): nothing to write, so nothing to refuse.
    if (existing) return { workspaceId: null, writes: Promise.resolve() };
    if (!project?.role) throw notFound("project");
    requireActions(project.role, "task.restore");
    // The status the client remembers must be one of the project's (deleted ones included:
    // the task then comes back in the replacement), as for createTask.
    if (
      args.status !== undefined &&
      !(await statusRows.statusForNewTask(tx, project.id, args.status))
    ) {
      throw unknownStatus();
    }
    const trashed = await trashRows.takeTrashedTask(tx, args.id, project.id);
    if (!trashed) {
      const { number: _number, createdBy: _createdBy, restoredAt: _restoredAt, ...create } = args;
      // A parent that may no longer be one is left out rather than refusing the task.
      const parentId = await fittingParent(tx, create, project.workspaceId);
      return taskHandlers.createTask(context, { ...create, parentId });
    }
    // The sub-tasks deleted with it come back with it (their parent is written first).
    const subtasks = await trashRows.takeTrashedSubtasks(tx, args.id, project.id);
    if (!trashed.success || subtasks.some(({ snapshot }) => !snapshot.success)) {
      throw new MutationRefused("INVALID", "The deleted task could not be read back.");
    }
    const { workspaceId } = project;
    const restored = [
      { id: args.id, snapshot: trashed.data },
      ...subtasks.flatMap(({ id, snapshot }) =>
        snapshot.success ? [{ id, snapshot: snapshot.data }] : [],
      ),
    ];
    const to = { workspaceId, projectId: project.id, restoredAt: args.restoredAt };
    const writes = Promise.all([
      ...restored.map(({ id, snapshot }) => trashRows.restoreTask(tx, { ...to, id }, snapshot)),
      activityRows.insertActivities(
        tx,
        restored.map(({ id }) => ({
          workspaceId,
          taskId: id,
          actorId: userId,
          kind: "restored" as const,
          createdAt: args.restoredAt,
        })),
      ),
    ]);
    return { workspaceId, writes };
  },
};

/** A document merged, or the refusal of an update that cannot be merged. */
async function merged<T extends SavedDescription | null>(merge: Promise<T>): Promise<T> {
  try {
    return await merge;
  } catch (error) {
    if (error instanceof InvalidDescription) throw new MutationRefused("INVALID", error.message);
    throw error;
  }
}

function isFieldChange(line: TaskChange): line is notify.FieldChange {
  return line.kind === "status" || line.kind === "priority" || line.kind === "due-date";
}

const unknownStatus = () =>
  new MutationRefused("INVALID", "The status is not one of this project's statuses.");

/** An assignee must be a member of the task's workspace. */
async function requireAssignable(tx: Tx, workspaceId: string, assigneeId: string) {
  if ((await memberRole(tx, workspaceId, assigneeId)) === null) {
    throw new MutationRefused("INVALID", "The assignee is not a member of this workspace.");
  }
}

/**
 * The parent must be a task of the same workspace the person sees (else it is as missing as
 * any other row), and pass the sub-task rules (shared/subtasks.ts): same project, one level.
 */
async function requireParent(
  tx: Tx,
  task: Pick<Task, "id" | "projectId" | "workspaceId">,
  parentId: string,
  { isNew = false } = {},
) {
  const parent = await taskRows.lockParentTask(tx, parentId);
  if (!parent || parent.workspaceId !== task.workspaceId) throw notFound("parent task");
  const hasSubtasks = !isNew && parent.id !== task.id && (await taskRows.hasSubtasks(tx, task.id));
  const refusal = parentRefusal({ ...task, hasSubtasks }, parent);
  if (refusal) throw new MutationRefused("INVALID", refusal);
}

/** The parent, if it is still one the task may have; null when not (restoreTask's fallback). */
async function fittingParent(
  tx: Tx,
  task: { id: string; projectId: string; parentId?: string | null | undefined },
  workspaceId: string,
): Promise<string | null> {
  if (!task.parentId) return null;
  const parent = await taskRows.lockParentTask(tx, task.parentId);
  if (!parent || parent.workspaceId !== workspaceId) return null;
  return parentRefusal({ ...task, hasSubtasks: false }, parent) ? null : parent.id;
}

async function keyOf(tx: Tx, taskId: string): Promise<string | null> {
  return (await taskRows.taskKeys(tx, [taskId])).get(taskId) ?? null;
}

/** A new parent: the task says so, the parent it left and the one it joined too. */
async function parentChangeLines(
  tx: Tx,
  task: taskRows.LockedTask,
  parentId: string | null,
): Promise<LinkLine[]> {
  const before = task.parentId;
  const keys = await taskRows.taskKeys(tx, [
    task.id,
    ...(before ? [before] : []),
    ...(parentId ? [parentId] : []),
  ]);
  const key = (id: string | null) => (id ? (keys.get(id) ?? null) : null);
  const lines: LinkLine[] = [
    { taskId: task.id, kind: "parent", from: key(before), to: key(parentId) },
  ];
  if (before) lines.push({ taskId: before, kind: "subtask", from: key(task.id) });
  if (parentId) lines.push({ taskId: parentId, kind: "subtask", to: key(task.id) });
  return lines;
}

async function requireLabels(tx: Tx, workspaceId: string, labelIds: string[]) {
  if (labelIds.length === 0) return;
  if ((await labelRows.countWorkspaceLabels(tx, workspaceId, labelIds)) !== labelIds.length) {
    throw new MutationRefused("INVALID", "A label does not belong to this workspace.");
  }
}

type TaskChange = {
  kind: "status" | "priority" | "assignee" | "due-date" | "title";
  from: string | null;
  to: string | null;
};

/** The activity lines of an update: one per tracked field whose value really changed. */
function taskChanges(
  before: taskRows.LockedTask,
  changes: Partial<Pick<Task, "status" | "priority" | "assigneeId" | "dueDate" | "title">>,
): TaskChange[] {
  const tracked = [
    ["status", "status"],
    ["priority", "priority"],
    ["assignee", "assigneeId"],
    ["due-date", "dueDate"],
    ["title", "title"],
  ] as const;
  const lines: TaskChange[] = [];
  for (const [kind, field] of tracked) {
    const next = changes[field];
    if (next === undefined || next === before[field]) continue;
    lines.push({ kind, from: before[field], to: next });
  }
  return lines;
}
