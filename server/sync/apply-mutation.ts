/**
 * The authoritative run of each mutator, inside the push transaction: validate the arguments,
 * find the workspace the mutation touches, check the caller's role there, write, and record
 * the task's activity. The optimistic twin of each function is in shared/mutators.ts; what
 * differs on purpose: the server assigns task numbers, writes activity, and takes the creator
 * and author from the session.
 */
import { z } from "zod";
import type { Task } from "../../shared/entities.ts";
import { mutatorArgs, type MutatorName } from "../../shared/mutator-args.ts";
import { normalizeLabelIds } from "../../shared/mutators.ts";
import { canDeleteComment, canEditComment } from "../../shared/sync-permissions.ts";
import { positionAfter } from "../../shared/task-position.ts";
import * as notificationRows from "../notifications/notification-rows.ts";
import * as notify from "../notifications/notify.ts";
import * as data from "./data.ts";
import { describeInvalidArguments } from "./invalid-arguments.ts";
import {
  MutationRefused,
  forbidden,
  notFound,
  requireActions,
  requireMembership,
} from "./permissions-check.ts";
import type { Tx } from "./transaction.ts";

type Context = { tx: Tx; userId: string };

/**
 * A mutation that passed every check: the workspace it changes (null for the person's own
 * notices, notifications and settings, which belong to no workspace), the people whose own
 * data it changes (`userIds`: poked besides the workspace), and its writes, sent but not yet
 * answered. The caller awaits them together with its own last statements (the client's
 * lastMutationID, the poke), so they reach Postgres in one round trip: the row the handler
 * locked is held that much shorter, and concurrent pushes of one row take turns faster.
 */
export type Applied = { workspaceId: string | null; userIds?: string[]; writes: Promise<unknown> };

type Handler<N extends MutatorName> = (
  context: Context,
  args: z.output<(typeof mutatorArgs)[N]>,
) => Promise<Applied>;

/**
 * Checks one mutation and sends its writes (see Applied).
 * Throws `MutationRefused` for anything the caller may not or cannot do.
 */
export async function applyMutation(
  context: Context,
  name: MutatorName,
  rawArgs: unknown,
): Promise<Applied> {
  // The input in each issue tells a missing value from a wrong one (invalid-arguments.ts).
  const parsed = mutatorArgs[name].safeParse(rawArgs, { reportInput: true });
  if (!parsed.success) {
    throw new MutationRefused("INVALID", describeInvalidArguments(parsed.error));
  }
  // The schema of `name` parsed the arguments, so they fit the handler of `name`.
  const handler = handlers[name] as Handler<typeof name>;
  return handler(context, parsed.data as never);
}

/** The ids a mutation names, read loosely: a malformed mutation is refused by applyMutation. */
const namedIds = z
  .looseObject({ id: z.string(), projectId: z.string(), taskId: z.string() })
  .partial();

/**
 * The project and task rows the handler of a mutation locks. A batch locks all of its rows
 * first, in one order (data.lockRows): two batches that reach the same rows in another order
 * would otherwise deadlock, and Postgres takes a second to notice (deadlock_timeout).
 */
export function rowsToLock(
  name: MutatorName,
  rawArgs: unknown,
): { projectIds: string[]; taskIds: string[] } {
  const ids = namedIds.safeParse(rawArgs);
  if (!ids.success) return { projectIds: [], taskIds: [] };
  const { id, projectId, taskId } = ids.data;
  const only = (value: string | undefined) => (value === undefined ? [] : [value]);
  switch (name) {
    case "createTask":
      return { projectIds: only(projectId), taskIds: [] };
    case "updateProject":
    case "deleteProject":
      return { projectIds: only(id), taskIds: [] };
    case "updateTask":
    case "moveTask":
    case "deleteTask":
      return { projectIds: [], taskIds: only(id) };
    case "addComment":
    case "subscribeToTask":
      return { projectIds: [], taskIds: only(taskId) };
    default:
      // Labels and comments: rarely contended, and a deadlock is retried anyway.
      return { projectIds: [], taskIds: [] };
  }
}

const handlers: { [N in MutatorName]: Handler<N> } = {
  async createProject({ tx, userId }, args) {
    const role = await requireMembership(tx, args.workspaceId, userId, "workspace");
    requireActions(role, "project.create");
    const writes = data.insertProject(tx, {
      id: args.id,
      workspaceId: args.workspaceId,
      name: args.name,
      key: args.key,
      icon: args.icon ?? null,
      description: args.description ?? "",
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    });
    return { workspaceId: args.workspaceId, writes };
  },

  async updateProject({ tx, userId }, { id, ...changes }) {
    const project = await data.lockProject(tx, id, userId);
    if (!project?.role) throw notFound("project");
    requireActions(project.role, "project.update");
    if (changes.isPublic !== undefined && changes.isPublic !== project.isPublic) {
      requireActions(project.role, "project.share");
    }
    return { workspaceId: project.workspaceId, writes: data.updateProject(tx, id, changes) };
  },

  async deleteProject({ tx, userId }, { id }) {
    const project = await data.lockProject(tx, id, userId);
    if (!project?.role) throw notFound("project");
    requireActions(project.role, "project.delete");
    return { workspaceId: project.workspaceId, writes: data.deleteProject(tx, id) };
  },

  async createTask({ tx, userId }, args) {
    const status = args.status ?? "to-do";
    // Sent together, run in order: the lock, the number, then the last position, read once the
    // lock is held, so it sees the task that the previous holder created.
    const [project, number, lastPositions] = await Promise.all([
      data.lockProject(tx, args.projectId, userId),
      data.nextTaskNumber(tx, args.projectId),
      args.position === undefined ? data.positionsInStatus(tx, args.projectId, status) : [],
    ]);
    if (!project?.role || number === null) throw notFound("project");
    const { workspaceId, role } = project;
    requireActions(role, "task.create");
    if (args.assigneeId) {
      requireActions(role, "task.assign");
      await requireAssignable(tx, workspaceId, args.assigneeId);
    }
    const labelIds = normalizeLabelIds(args.labelIds ?? []);
    await requireLabels(tx, workspaceId, labelIds);
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
      createdBy: userId,
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    };
    const writes = Promise.all([
      data.insertTask(tx, task),
      data.insertActivities(tx, [
        {
          workspaceId,
          taskId: task.id,
          actorId: userId,
          kind: "created",
          createdAt: task.createdAt,
        },
      ]),
      notify.taskCreated(tx, { taskId: task.id, actorId: userId, at: task.createdAt }, task),
    ]);
    return { workspaceId, writes };
  },

  async updateTask({ tx, userId }, { id, projectId: _hint, labelIds, ...changes }) {
    const task = await data.lockTask(tx, id, userId);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "task.update");
    if (changes.assigneeId !== undefined && changes.assigneeId !== task.assigneeId) {
      requireActions(task.role, "task.assign");
      if (changes.assigneeId) await requireAssignable(tx, task.workspaceId, changes.assigneeId);
    }
    const normalized = labelIds && normalizeLabelIds(labelIds);
    if (normalized) await requireLabels(tx, task.workspaceId, normalized);
    const mentioned =
      changes.description === undefined
        ? []
        : notify.newMentions(await notificationRows.taskDescription(tx, id), changes.description);
    const lines = taskChanges(task, changes);
    const writes = Promise.all([
      normalized && data.setTaskLabels(tx, id, normalized),
      data.updateTask(tx, id, changes),
      data.insertActivities(
        tx,
        lines.map((change) => ({
          workspaceId: task.workspaceId,
          taskId: id,
          actorId: userId,
          createdAt: changes.updatedAt,
          ...change,
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
          fields: lines.filter(isFieldChange),
        },
      ),
    ]);
    return { workspaceId: task.workspaceId, writes };
  },

  async moveTask({ tx, userId }, { id, status, position, updatedAt }) {
    const task = await data.lockTask(tx, id, userId);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "task.update");
    const writes = Promise.all([
      data.updateTask(tx, id, { status, position, updatedAt }),
      status !== task.status &&
        data.insertActivities(tx, [
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
            fields: [{ kind: "status", from: task.status, to: status }],
          },
        ),
    ]);
    return { workspaceId: task.workspaceId, writes };
  },

  async deleteTask({ tx, userId }, { id }) {
    const task = await data.lockTask(tx, id, userId);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "task.delete");
    return { workspaceId: task.workspaceId, writes: data.deleteTask(tx, id) };
  },

  async createLabel({ tx, userId }, args) {
    const role = await requireMembership(tx, args.workspaceId, userId, "workspace");
    requireActions(role, "label.create");
    const writes = data.insertLabel(tx, {
      id: args.id,
      workspaceId: args.workspaceId,
      name: args.name,
      color: args.color,
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    });
    return { workspaceId: args.workspaceId, writes };
  },

  async updateLabel({ tx, userId }, { id, ...changes }) {
    const label = await data.lockLabel(tx, id, userId);
    if (!label?.role) throw notFound("label");
    requireActions(label.role, "label.update");
    return { workspaceId: label.workspaceId, writes: data.updateLabel(tx, id, changes) };
  },

  async deleteLabel({ tx, userId }, { id }) {
    const label = await data.lockLabel(tx, id, userId);
    if (!label?.role) throw notFound("label");
    requireActions(label.role, "label.delete");
    return { workspaceId: label.workspaceId, writes: data.deleteLabel(tx, id) };
  },

  async addComment({ tx, userId }, args) {
    const task = await data.lockTask(tx, args.taskId, userId);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "comment.create");
    const writes = Promise.all([
      data.insertComment(tx, {
        id: args.id,
        workspaceId: task.workspaceId,
        taskId: task.id,
        authorId: userId,
        body: args.body,
        createdAt: args.createdAt,
        updatedAt: args.createdAt,
      }),
      data.insertActivities(tx, [
        {
          workspaceId: task.workspaceId,
          taskId: task.id,
          actorId: userId,
          kind: "comment",
          commentId: args.id,
          createdAt: args.createdAt,
        },
      ]),
      notify.commentAdded(
        tx,
        { taskId: task.id, actorId: userId, at: args.createdAt },
        { id: args.id, body: args.body },
      ),
    ]);
    return { workspaceId: task.workspaceId, writes };
  },

  async updateComment({ tx, userId }, { id, body, updatedAt }) {
    const comment = await data.lockComment(tx, id, userId);
    if (!comment?.role) throw notFound("comment");
    if (!canEditComment(userId, comment.authorId)) {
      throw new MutationRefused("FORBIDDEN", "You can only edit your own comments.");
    }
    const writes = Promise.all([
      data.updateComment(tx, id, body, updatedAt),
      notify.commentEdited(
        tx,
        { taskId: comment.taskId, actorId: userId, at: updatedAt },
        { id, before: comment.body, after: body },
      ),
    ]);
    return { workspaceId: comment.workspaceId, writes };
  },

  async deleteComment({ tx, userId }, { id }) {
    const comment = await data.lockComment(tx, id, userId);
    if (!comment?.role) throw notFound("comment");
    if (!canDeleteComment(comment.role, userId, comment.authorId))
      throw forbidden("comment.delete-any");
    return { workspaceId: comment.workspaceId, writes: data.deleteComment(tx, id) };
  },

  // Only the recipient's own notices: someone else's id deletes nothing. Not a refusal either,
  // since a refusal is itself a notice, which the client would dismiss in turn.
  async dismissNotice({ tx, userId }, { id }) {
    return { workspaceId: null, writes: data.deleteNotice(tx, userId, id) };
  },

  async subscribeToTask({ tx, userId }, { taskId, createdAt }) {
    const task = await data.lockTask(tx, taskId, userId);
    if (!task?.role) throw notFound("task");
    const writes = notificationRows.subscribe(tx, taskId, [userId], createdAt);
    return { workspaceId: task.workspaceId, writes };
  },

  // Not subscribed (or no such task): nothing to do, and nothing to refuse.
  async unsubscribeFromTask({ tx, userId }, { taskId }) {
    const workspaceId = await notificationRows.unsubscribe(tx, taskId, userId);
    return { workspaceId, writes: Promise.resolve() };
  },

  // The notification mutators change only the caller's own rows: another person's id matches
  // nothing, which is neither an error nor a notice (ids reveal nothing).
  async markNotificationRead({ tx, userId }, { id, readAt }) {
    return own(userId, notificationRows.markRead(tx, userId, id, readAt));
  },

  async markNotificationUnread({ tx, userId }, { id }) {
    return own(userId, notificationRows.markUnread(tx, userId, id));
  },

  async archiveNotification({ tx, userId }, { id, archivedAt }) {
    return own(userId, notificationRows.archive(tx, userId, id, archivedAt));
  },

  async unarchiveNotification({ tx, userId }, { id }) {
    return own(userId, notificationRows.unarchive(tx, userId, id));
  },

  async markAllNotificationsRead({ tx, userId }, { workspaceId, readAt }) {
    return own(userId, notificationRows.markAllRead(tx, userId, workspaceId, readAt));
  },

  async updateNotificationSettings({ tx, userId }, changes) {
    return own(userId, notificationRows.saveSettings(tx, userId, changes));
  },
};

/** A change of the person's own data: their other tabs and browsers are poked. */
function own(userId: string, writes: Promise<unknown>): Applied {
  return { workspaceId: null, userIds: [userId], writes };
}

function isFieldChange(line: TaskChange): line is notify.FieldChange {
  return line.kind === "status" || line.kind === "priority" || line.kind === "due-date";
}

/** An assignee must be a member of the task's workspace. */
async function requireAssignable(tx: Tx, workspaceId: string, assigneeId: string) {
  if ((await data.memberRole(tx, workspaceId, assigneeId)) === null) {
    throw new MutationRefused("INVALID", "The assignee is not a member of this workspace.");
  }
}

async function requireLabels(tx: Tx, workspaceId: string, labelIds: string[]) {
  if (labelIds.length === 0) return;
  if ((await data.countWorkspaceLabels(tx, workspaceId, labelIds)) !== labelIds.length) {
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
  before: data.LockedTask,
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
