/**
 * A task: created, changed, moved within or between its project's statuses, its description
 * edited as a Yjs document, deleted (its sub-tasks deleted or detached) and restored.
 * The arguments, then the optimistic mutators (shared/mutators/mutators.ts has the rules).
 */
import { z } from "zod";
import {
  descriptionDocSchema,
  dueDateSchema,
  idSchema,
  taskPrioritySchema,
  taskSchema,
  taskStatusSchema,
  timestampSchema,
  type DescriptionDoc,
  type Task,
} from "../entities.ts";
import { descriptionDocKey, labelKey, prefixes, projectKey, taskStoreKey } from "../keys.ts";
import { positionAfter } from "../task-position.ts";
import { nameField, labelIdsSchema, descriptionSchema, positionSchema } from "./argument-fields.ts";
import {
  deleteRelationsOf,
  deleteTaskAndChildren,
  definedOnly,
  findProject,
  findTask,
  loadDescriptionDoc,
  loadedDescriptionDoc,
  normalizeLabelIds,
  readAll,
  readKey,
  setSubscriber,
  taskStatus,
  type EntityMutators,
} from "./store-reads.ts";

/** Base64 (standard alphabet, padded): how a Yjs update travels in a mutation. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The longest update, in base64 characters: a 100,000-character description pasted whole,
 * three bytes a character, with the seed of another as long (shared/description-doc.ts).
 */
const MAX_DESCRIPTION_UPDATE_CHARS = 1_000_000;

/** What happens to a deleted task's sub-tasks: deleted too, or kept as tasks of their own. */
const subtaskFates = ["delete", "detach"] as const;
export type SubtaskFate = (typeof subtaskFates)[number];

const createTaskArgs = z.object({
  id: idSchema,
  projectId: idSchema,
  title: nameField(500),
  description: descriptionSchema.optional(),
  status: taskStatusSchema.optional(),
  priority: taskPrioritySchema.optional(),
  assigneeId: idSchema.nullable().optional(),
  dueDate: dueDateSchema.nullable().optional(),
  /** Omitted: the task goes to the end of its status column. */
  position: positionSchema.optional(),
  labelIds: labelIdsSchema.optional(),
  /** A task of the same project without a parent of its own: the new task is its sub-task. */
  parentId: idSchema.nullable().optional(),
  createdAt: timestampSchema,
});

/** Only the fields that changed. */
const updateTaskArgs = z.object({
  id: idSchema,
  projectId: idSchema.optional(),
  title: nameField(500).optional(),
  description: descriptionSchema.optional(),
  status: taskStatusSchema.optional(),
  priority: taskPrioritySchema.optional(),
  assigneeId: idSchema.nullable().optional(),
  dueDate: dueDateSchema.nullable().optional(),
  labelIds: labelIdsSchema.optional(),
  /** Null makes a sub-task a task of its own again. */
  parentId: idSchema.nullable().optional(),
  updatedAt: timestampSchema,
});

/**
 * An edit of a task's description: a Yjs update of its document (shared/description-doc.ts),
 * merged into the document the store or the server holds. Replayed or pushed twice, it
 * changes nothing more.
 */
const editDescriptionArgs = z.object({
  id: idSchema,
  projectId: idSchema.optional(),
  update: z
    .string()
    .min(4)
    .max(MAX_DESCRIPTION_UPDATE_CHARS)
    .regex(BASE64, "not a base64 Yjs update"),
  updatedAt: timestampSchema,
});

const moveTaskArgs = z.object({
  id: idSchema,
  projectId: idSchema.optional(),
  status: taskStatusSchema,
  position: positionSchema,
  updatedAt: timestampSchema,
});

const deleteTaskArgs = z.object({
  id: idSchema,
  projectId: idSchema.optional(),
  /** Left out: "detach". */
  subtasks: z.enum(subtaskFates).optional(),
  /** The time of the change, for the activity of detached sub-tasks; left out: the server's. */
  deletedAt: timestampSchema.optional(),
});

/**
 * Brings a deleted task back (undo of a delete): the server restores it from its trash with the
 * same number, comments, activity, labels that still exist and subscribers; when the trash no
 * longer holds it (purged after 30 days) it creates the task from these fields, as createTask
 * does, with a new number. The task's fields, `number` and `createdBy` are what the client shows
 * until the server's row arrives; `restoredAt` is when the person acted.
 */
const restoreTaskArgs = createTaskArgs.extend({
  number: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
  createdBy: idSchema.nullable().optional(),
  restoredAt: timestampSchema,
});

/** The task mutators' argument schemas, by name. */
export const taskArgs = {
  createTask: createTaskArgs,
  updateTask: updateTaskArgs,
  editDescription: editDescriptionArgs,
  moveTask: moveTaskArgs,
  deleteTask: deleteTaskArgs,
  restoreTask: restoreTaskArgs,
};

export function taskMutators(userId: string): EntityMutators<typeof taskArgs> {
  return {
    async createTask(tx, input) {
      const args = createTaskArgs.parse(input);
      const project = await findProject(tx, args.projectId);
      if (!project) return;
      // Provisional: the server hands out the real number when the push arrives.
      const number = project.lastTaskNumber + 1;
      await tx.set(projectKey(project.workspaceId, project.id), {
        ...project,
        lastTaskNumber: number,
      });
      const status = await taskStatus(tx, project.id, args.status);
      const position =
        args.position ??
        positionAfter(
          (await readAll(tx, prefixes.task(project.id), taskSchema))
            .filter((task) => task.status === status)
            .map((task) => task.position),
        );
      const task: Task = {
        id: args.id,
        workspaceId: project.workspaceId,
        projectId: project.id,
        number,
        title: args.title,
        description: args.description ?? "",
        status,
        priority: args.priority ?? "no-priority",
        assigneeId: args.assigneeId ?? null,
        dueDate: args.dueDate ?? null,
        position,
        labelIds: normalizeLabelIds(args.labelIds ?? []),
        parentId: args.parentId ?? null,
        createdBy: userId,
        createdAt: args.createdAt,
        updatedAt: args.createdAt,
      };
      await tx.set(taskStoreKey(task.projectId, task.id), task);
      // The server also subscribes the people the description mentions.
      for (const subscriberId of new Set([userId, task.assigneeId])) {
        if (subscriberId) await setSubscriber(tx, task, subscriberId, args.createdAt);
      }
    },

    async updateTask(tx, input) {
      const { id, projectId, updatedAt, labelIds, ...changes } = updateTaskArgs.parse(input);
      const task = await findTask(tx, id, projectId);
      if (!task) return;
      const status =
        changes.status === undefined
          ? undefined
          : await taskStatus(tx, task.projectId, changes.status);
      const next: Task = {
        ...task,
        ...definedOnly({ ...changes, status }),
        ...(labelIds ? { labelIds: normalizeLabelIds(labelIds) } : {}),
        updatedAt,
      };
      await tx.set(taskStoreKey(task.projectId, id), next);
    },

    async editDescription(tx, input) {
      const { id, projectId, update, updatedAt } = editDescriptionArgs.parse(input);
      const { fromBase64, InvalidDescription, mergeDescriptionUpdate, toBase64 } =
        loadedDescriptionDoc() ?? (await loadDescriptionDoc());
      const task = await findTask(tx, id, projectId);
      if (!task) return;
      const stored = await readKey(tx, descriptionDocKey(id), descriptionDocSchema);
      let merged;
      try {
        merged = mergeDescriptionUpdate(
          { state: stored ? fromBase64(stored.state) : null, markdown: task.description },
          fromBase64(update),
        );
      } catch (error) {
        // An update the server will refuse too (with a notice): the store stays as it is.
        if (error instanceof InvalidDescription) return;
        throw error;
      }
      const doc: DescriptionDoc = {
        id,
        workspaceId: task.workspaceId,
        state: toBase64(merged.state),
        updatedAt,
      };
      await tx.set(descriptionDocKey(id), doc);
      await tx.set(taskStoreKey(task.projectId, id), {
        ...task,
        description: merged.text,
        updatedAt,
      });
    },

    async moveTask(tx, input) {
      const { id, projectId, status, position, updatedAt } = moveTaskArgs.parse(input);
      const task = await findTask(tx, id, projectId);
      if (!task) return;
      const to = await taskStatus(tx, task.projectId, status);
      await tx.set(taskStoreKey(task.projectId, id), { ...task, status: to, position, updatedAt });
    },

    async deleteTask(tx, input) {
      const { id, projectId, subtasks = "detach", deletedAt } = deleteTaskArgs.parse(input);
      const task = await findTask(tx, id, projectId);
      if (!task) return;
      // Deleting is rare: a scan of the project's tasks finds its sub-tasks.
      const deleted = new Set([id]);
      for (const child of await readAll(tx, prefixes.task(task.projectId), taskSchema)) {
        if (child.parentId !== id) continue;
        if (subtasks === "delete") {
          deleted.add(child.id);
          await deleteTaskAndChildren(tx, taskStoreKey(child.projectId, child.id));
        } else {
          await tx.set(taskStoreKey(child.projectId, child.id), {
            ...child,
            parentId: null,
            updatedAt: deletedAt ?? child.updatedAt,
          });
        }
      }
      await deleteTaskAndChildren(tx, taskStoreKey(task.projectId, id));
      await deleteRelationsOf(tx, task.workspaceId, deleted);
    },

    // The task comes back with its old number; its comments, activity and subscribers come back
    // with the server's rows on the next pull (it keeps them in its trash).
    async restoreTask(tx, input) {
      const args = restoreTaskArgs.parse(input);
      if (await findTask(tx, args.id, args.projectId)) return;
      const project = await findProject(tx, args.projectId);
      if (!project) return;
      // Its status may have been deleted since: the task comes back in the replacement.
      const status = await taskStatus(tx, project.id, args.status);
      const position =
        args.position ??
        positionAfter(
          (await readAll(tx, prefixes.task(project.id), taskSchema))
            .filter((task) => task.status === status)
            .map((task) => task.position),
        );
      // Labels deleted since the task was deleted stay off it, as on the server.
      const labelIds: string[] = [];
      for (const labelId of normalizeLabelIds(args.labelIds ?? [])) {
        if (await tx.get(labelKey(project.workspaceId, labelId))) labelIds.push(labelId);
      }
      const task: Task = {
        id: args.id,
        workspaceId: project.workspaceId,
        projectId: project.id,
        number: args.number,
        title: args.title,
        description: args.description ?? "",
        status,
        priority: args.priority ?? "no-priority",
        assigneeId: args.assigneeId ?? null,
        dueDate: args.dueDate ?? null,
        position,
        labelIds,
        // The server takes the parent back only if it still may be one; so does this.
        parentId:
          args.parentId && (await findTask(tx, args.parentId, project.id))?.parentId === null
            ? args.parentId
            : null,
        createdBy: args.createdBy === undefined ? userId : args.createdBy,
        createdAt: args.createdAt,
        updatedAt: args.restoredAt,
      };
      await tx.set(taskStoreKey(task.projectId, task.id), task);
    },
  };
}
