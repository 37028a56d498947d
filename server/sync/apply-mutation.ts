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
import * as data from "./data.ts";
import {
  MutationRefused,
  forbidden,
  notFound,
  requireActions,
  requireMembership,
} from "./permissions-check.ts";
import type { Tx } from "./transaction.ts";

type Context = { tx: Tx; userId: string };
type Handler<N extends MutatorName> = (
  context: Context,
  args: z.output<(typeof mutatorArgs)[N]>,
) => Promise<string>;

/**
 * Applies one mutation and returns the id of the workspace it changed.
 * Throws `MutationRefused` for anything the caller may not or cannot do.
 */
export async function applyMutation(
  context: Context,
  name: MutatorName,
  rawArgs: unknown,
): Promise<string> {
  const parsed = mutatorArgs[name].safeParse(rawArgs);
  if (!parsed.success) {
    throw new MutationRefused("INVALID", `Invalid arguments for ${name}: ${parsed.error.message}`);
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
    await data.insertProject(tx, {
      id: args.id,
      workspaceId: args.workspaceId,
      name: args.name,
      key: args.key,
      icon: args.icon ?? null,
      description: args.description ?? "",
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    });
    return args.workspaceId;
  },

  async updateProject({ tx, userId }, { id, ...changes }) {
    const project = await data.lockProject(tx, id, userId);
    if (!project?.role) throw notFound("project");
    requireActions(project.role, "project.update");
    if (changes.isPublic !== undefined && changes.isPublic !== project.isPublic) {
      requireActions(project.role, "project.share");
    }
    await data.updateProject(tx, id, changes);
    return project.workspaceId;
  },

  async deleteProject({ tx, userId }, { id }) {
    const project = await data.lockProject(tx, id, userId);
    if (!project?.role) throw notFound("project");
    requireActions(project.role, "project.delete");
    await data.deleteProject(tx, id);
    return project.workspaceId;
  },

  async createTask({ tx, userId }, args) {
    const project = await data.lockProject(tx, args.projectId, userId);
    if (!project?.role) throw notFound("project");
    const { workspaceId, role } = project;
    requireActions(role, "task.create");
    if (args.assigneeId) {
      requireActions(role, "task.assign");
      await requireAssignable(tx, workspaceId, args.assigneeId);
    }
    const labelIds = normalizeLabelIds(args.labelIds ?? []);
    await requireLabels(tx, workspaceId, labelIds);
    const status = args.status ?? "to-do";
    const task: Task = {
      id: args.id,
      workspaceId,
      projectId: project.id,
      number: await data.nextTaskNumber(tx, project.id),
      title: args.title,
      description: args.description ?? "",
      status,
      priority: args.priority ?? "no-priority",
      assigneeId: args.assigneeId ?? null,
      dueDate: args.dueDate ?? null,
      position:
        args.position ?? positionAfter(await data.positionsInStatus(tx, project.id, status)),
      labelIds,
      createdBy: userId,
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    };
    await data.insertTask(tx, task);
    await data.insertActivities(tx, [
      { workspaceId, taskId: task.id, actorId: userId, kind: "created", createdAt: task.createdAt },
    ]);
    return workspaceId;
  },

  async updateTask({ tx, userId }, { id, projectId: _hint, labelIds, ...changes }) {
    const task = await data.lockTask(tx, id, userId);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "task.update");
    if (changes.assigneeId !== undefined && changes.assigneeId !== task.assigneeId) {
      requireActions(task.role, "task.assign");
      if (changes.assigneeId) await requireAssignable(tx, task.workspaceId, changes.assigneeId);
    }
    if (labelIds) {
      const normalized = normalizeLabelIds(labelIds);
      await requireLabels(tx, task.workspaceId, normalized);
      await data.setTaskLabels(tx, id, normalized);
    }
    await data.updateTask(tx, id, changes);
    await data.insertActivities(
      tx,
      taskChanges(task, changes).map((change) => ({
        workspaceId: task.workspaceId,
        taskId: id,
        actorId: userId,
        createdAt: changes.updatedAt,
        ...change,
      })),
    );
    return task.workspaceId;
  },

  async moveTask({ tx, userId }, { id, status, position, updatedAt }) {
    const task = await data.lockTask(tx, id, userId);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "task.update");
    await data.updateTask(tx, id, { status, position, updatedAt });
    if (status !== task.status) {
      await data.insertActivities(tx, [
        {
          workspaceId: task.workspaceId,
          taskId: id,
          actorId: userId,
          kind: "status",
          from: task.status,
          to: status,
          createdAt: updatedAt,
        },
      ]);
    }
    return task.workspaceId;
  },

  async deleteTask({ tx, userId }, { id }) {
    const task = await data.lockTask(tx, id, userId);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "task.delete");
    await data.deleteTask(tx, id);
    return task.workspaceId;
  },

  async createLabel({ tx, userId }, args) {
    const role = await requireMembership(tx, args.workspaceId, userId, "workspace");
    requireActions(role, "label.create");
    await data.insertLabel(tx, {
      id: args.id,
      workspaceId: args.workspaceId,
      name: args.name,
      color: args.color,
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    });
    return args.workspaceId;
  },

  async updateLabel({ tx, userId }, { id, ...changes }) {
    const label = await data.lockLabel(tx, id, userId);
    if (!label?.role) throw notFound("label");
    requireActions(label.role, "label.update");
    await data.updateLabel(tx, id, changes);
    return label.workspaceId;
  },

  async deleteLabel({ tx, userId }, { id }) {
    const label = await data.lockLabel(tx, id, userId);
    if (!label?.role) throw notFound("label");
    requireActions(label.role, "label.delete");
    await data.deleteLabel(tx, id);
    return label.workspaceId;
  },

  async addComment({ tx, userId }, args) {
    const task = await data.lockTask(tx, args.taskId, userId);
    if (!task?.role) throw notFound("task");
    requireActions(task.role, "comment.create");
    await data.insertComment(tx, {
      id: args.id,
      workspaceId: task.workspaceId,
      taskId: task.id,
      authorId: userId,
      body: args.body,
      createdAt: args.createdAt,
      updatedAt: args.createdAt,
    });
    await data.insertActivities(tx, [
      {
        workspaceId: task.workspaceId,
        taskId: task.id,
        actorId: userId,
        kind: "comment",
        commentId: args.id,
        createdAt: args.createdAt,
      },
    ]);
    return task.workspaceId;
  },

  async updateComment({ tx, userId }, { id, body, updatedAt }) {
    const comment = await data.lockComment(tx, id, userId);
    if (!comment?.role) throw notFound("comment");
    if (!canEditComment(userId, comment.authorId)) {
      throw new MutationRefused("FORBIDDEN", "You can only edit your own comments.");
    }
    await data.updateComment(tx, id, body, updatedAt);
    return comment.workspaceId;
  },

  async deleteComment({ tx, userId }, { id }) {
    const comment = await data.lockComment(tx, id, userId);
    if (!comment?.role) throw notFound("comment");
    if (!canDeleteComment(comment.role, userId, comment.authorId))
      throw forbidden("comment.delete-any");
    await data.deleteComment(tx, id);
    return comment.workspaceId;
  },
};

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
