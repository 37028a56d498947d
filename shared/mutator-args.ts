/**
 * The mutators' names and arguments: the contract between the client, which records a
 * mutation, and the server, which re-runs it (DESIGN.md "Mutators"). Arguments carry every
 * id, timestamp and sort key, because mutators are replayed on rebase and must not call
 * `Date.now()` or a random source. Names only ever grow: a changed signature gets a new name.
 *
 * Some mutators accept an optional parent id (`projectId` of a task, `taskId` of a comment)
 * that the server ignores: it lets the client find the row's key without scanning every task.
 */
import { z } from "zod";
import {
  directMailCadences,
  dueDateSchema,
  idSchema,
  labelColorSchema,
  otherMailCadences,
  relationKindSchema,
  statusCategorySchema,
  statusColorSchema,
  statusIconSchema,
  taskPrioritySchema,
  taskStatusSchema,
  timestampSchema,
} from "./entities.ts";
import { MAX_ATTACHMENT_NAME, MIME_TYPE_PATTERN } from "./attachments.ts";
import { PROJECT_KEY_PATTERN } from "./task-key.ts";
import { isValidPosition } from "./task-position.ts";

const name = (max: number) => z.string().trim().min(1).max(max);
const projectKeySchema = z
  .string()
  .regex(PROJECT_KEY_PATTERN, "2 to 8 uppercase letters or digits, starting with a letter");
const labelIdsSchema = z.array(idSchema).max(50);
const descriptionSchema = z.string().max(100_000);
const positionSchema = z.string().max(200).refine(isValidPosition, "not a fractional-indexing key");

export const createProjectArgs = z.object({
  id: idSchema,
  workspaceId: idSchema,
  name: name(100),
  key: projectKeySchema,
  icon: z.string().max(64).nullable().optional(),
  description: descriptionSchema.optional(),
  createdAt: timestampSchema,
});

export const updateProjectArgs = z.object({
  id: idSchema,
  name: name(100).optional(),
  key: projectKeySchema.optional(),
  icon: z.string().max(64).nullable().optional(),
  description: descriptionSchema.optional(),
  isPublic: z.boolean().optional(),
  updatedAt: timestampSchema,
});

export const deleteProjectArgs = z.object({ id: idSchema });

export const createTaskArgs = z.object({
  id: idSchema,
  projectId: idSchema,
  title: name(500),
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
export const updateTaskArgs = z.object({
  id: idSchema,
  projectId: idSchema.optional(),
  title: name(500).optional(),
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

/** Base64 (standard alphabet, padded): how a Yjs update travels in a mutation. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * The longest update, in base64 characters: a 100,000-character description pasted whole,
 * three bytes a character, with the seed of another as long (shared/description-doc.ts).
 */
export const MAX_DESCRIPTION_UPDATE_CHARS = 1_000_000;

/**
 * An edit of a task's description: a Yjs update of its document (shared/description-doc.ts),
 * merged into the document the store or the server holds. Replayed or pushed twice, it
 * changes nothing more.
 */
export const editDescriptionArgs = z.object({
  id: idSchema,
  projectId: idSchema.optional(),
  update: z
    .string()
    .min(4)
    .max(MAX_DESCRIPTION_UPDATE_CHARS)
    .regex(BASE64, "not a base64 Yjs update"),
  updatedAt: timestampSchema,
});

export const moveTaskArgs = z.object({
  id: idSchema,
  projectId: idSchema.optional(),
  status: taskStatusSchema,
  position: positionSchema,
  updatedAt: timestampSchema,
});

/** What happens to a deleted task's sub-tasks: deleted too, or kept as tasks of their own. */
export const subtaskFates = ["delete", "detach"] as const;
export type SubtaskFate = (typeof subtaskFates)[number];

export const deleteTaskArgs = z.object({
  id: idSchema,
  projectId: idSchema.optional(),
  /** Left out: "detach". */
  subtasks: z.enum(subtaskFates).optional(),
  /** The time of the change, for the activity of detached sub-tasks; left out: the server's. */
  deletedAt: timestampSchema.optional(),
});

/**
 * Relates two tasks of one workspace (`workspaceId` is where the relation's key lives; the
 * server checks that both tasks are there). "Blocked by X" is X `blocks` this task.
 */
export const addRelationArgs = z.object({
  id: idSchema,
  workspaceId: idSchema,
  taskId: idSchema,
  relatedTaskId: idSchema,
  kind: relationKindSchema,
  createdAt: timestampSchema,
  /** The tasks' projects, for the optimistic value only (the server reads them). */
  taskProjectId: idSchema.optional(),
  relatedProjectId: idSchema.optional(),
});

export const removeRelationArgs = z.object({
  id: idSchema,
  workspaceId: idSchema.optional(),
  /** The time of the change, for the activity. */
  removedAt: timestampSchema,
});

/**
 * Brings a deleted task back (undo of a delete): the server restores it from its trash with the
 * same number, comments, activity, labels that still exist and subscribers; when the trash no
 * longer holds it (purged after 30 days) it creates the task from these fields, as createTask
 * does, with a new number. The task's fields, `number` and `createdBy` are what the client shows
 * until the server's row arrives; `restoredAt` is when the person acted.
 */
export const restoreTaskArgs = createTaskArgs.extend({
  number: z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
  createdBy: idSchema.nullable().optional(),
  restoredAt: timestampSchema,
});

/**
 * A project's workflow (owner and admin only). Status ids are unique within their project, so
 * `projectId` is part of the name here, not a hint. A new status goes into its category at
 * `position`; reordering sends a new position (within the category: the category never changes).
 */
export const createStatusArgs = z.object({
  id: idSchema,
  projectId: idSchema,
  name: name(50),
  category: statusCategorySchema,
  color: statusColorSchema,
  icon: statusIconSchema.nullable().optional(),
  position: positionSchema,
  createdAt: timestampSchema,
});

export const updateStatusArgs = z.object({
  id: idSchema,
  projectId: idSchema,
  name: name(50).optional(),
  color: statusColorSchema.optional(),
  icon: statusIconSchema.nullable().optional(),
  position: positionSchema.optional(),
  updatedAt: timestampSchema,
});

/** Its tasks move to the bottom of `replacementId`, in their order; a late move into it lands there too. */
export const deleteStatusArgs = z.object({
  id: idSchema,
  projectId: idSchema,
  replacementId: idSchema,
  updatedAt: timestampSchema,
});

export const createLabelArgs = z.object({
  id: idSchema,
  workspaceId: idSchema,
  name: name(50),
  color: labelColorSchema,
  createdAt: timestampSchema,
});

export const updateLabelArgs = z.object({
  id: idSchema,
  name: name(50).optional(),
  color: labelColorSchema.optional(),
  updatedAt: timestampSchema,
});

export const deleteLabelArgs = z.object({ id: idSchema });

export const addCommentArgs = z.object({
  id: idSchema,
  taskId: idSchema,
  body: z.string().trim().min(1).max(20_000),
  createdAt: timestampSchema,
});

export const updateCommentArgs = z.object({
  id: idSchema,
  taskId: idSchema.optional(),
  body: z.string().trim().min(1).max(20_000),
  updatedAt: timestampSchema,
});

export const deleteCommentArgs = z.object({ id: idSchema, taskId: idSchema.optional() });

/**
 * A file on a task: its row, before its bytes (shared/attachments.ts). The size is checked
 * against MAX_UPLOAD_MB on the server; the type is the browser's guess, replaced by what the
 * server reads from the bytes.
 */
export const addAttachmentArgs = z.object({
  id: idSchema,
  taskId: idSchema,
  name: z.string().trim().min(1).max(MAX_ATTACHMENT_NAME),
  type: z.string().regex(MIME_TYPE_PATTERN, "expected a type such as image/png"),
  size: z.number().int().min(1, "the file is empty").max(Number.MAX_SAFE_INTEGER),
  createdAt: timestampSchema,
});

export const deleteAttachmentArgs = z.object({ id: idSchema, taskId: idSchema.optional() });

/** The person has seen a refusal notice of theirs (key notice/{id}): it goes, in every browser. */
export const dismissNoticeArgs = z.object({ id: z.string().min(1).max(64) });

/** Follow a task (the signed-in person): its comments and changes reach their inbox. */
export const subscribeToTaskArgs = z.object({
  taskId: idSchema,
  createdAt: timestampSchema,
});

export const unsubscribeFromTaskArgs = z.object({ taskId: idSchema });

/** Notifications are the signed-in person's own; anyone else's id changes nothing. */
const notificationIdSchema = z.string().min(1).max(64);

export const markNotificationReadArgs = z.object({
  id: notificationIdSchema,
  readAt: timestampSchema,
});

export const markNotificationUnreadArgs = z.object({ id: notificationIdSchema });

export const archiveNotificationArgs = z.object({
  id: notificationIdSchema,
  archivedAt: timestampSchema,
});

export const unarchiveNotificationArgs = z.object({ id: notificationIdSchema });

/** Every unread notification of the workspace created at or before `readAt`. */
export const markAllNotificationsReadArgs = z.object({
  workspaceId: idSchema,
  readAt: timestampSchema,
});

/** The signed-in person's mail settings; an omitted field stays as it is. */
export const updateNotificationSettingsArgs = z.object({
  direct: z.enum(directMailCadences).optional(),
  other: z.enum(otherMailCadences).optional(),
});

/** Every mutator's argument schema, by mutator name. */
export const mutatorArgs = {
  createProject: createProjectArgs,
  updateProject: updateProjectArgs,
  deleteProject: deleteProjectArgs,
  createTask: createTaskArgs,
  updateTask: updateTaskArgs,
  editDescription: editDescriptionArgs,
  moveTask: moveTaskArgs,
  deleteTask: deleteTaskArgs,
  addRelation: addRelationArgs,
  removeRelation: removeRelationArgs,
  restoreTask: restoreTaskArgs,
  createStatus: createStatusArgs,
  updateStatus: updateStatusArgs,
  deleteStatus: deleteStatusArgs,
  createLabel: createLabelArgs,
  updateLabel: updateLabelArgs,
  deleteLabel: deleteLabelArgs,
  addComment: addCommentArgs,
  updateComment: updateCommentArgs,
  deleteComment: deleteCommentArgs,
  addAttachment: addAttachmentArgs,
  deleteAttachment: deleteAttachmentArgs,
  dismissNotice: dismissNoticeArgs,
  subscribeToTask: subscribeToTaskArgs,
  unsubscribeFromTask: unsubscribeFromTaskArgs,
  markNotificationRead: markNotificationReadArgs,
  markNotificationUnread: markNotificationUnreadArgs,
  archiveNotification: archiveNotificationArgs,
  unarchiveNotification: unarchiveNotificationArgs,
  markAllNotificationsRead: markAllNotificationsReadArgs,
  updateNotificationSettings: updateNotificationSettingsArgs,
} as const;

export type MutatorName = keyof typeof mutatorArgs;
export const mutatorNames = Object.keys(mutatorArgs) as MutatorName[];

export function isMutatorName(name: string): name is MutatorName {
  return Object.hasOwn(mutatorArgs, name);
}

/** What a caller passes (`z.input`), by mutator name. */
export type MutatorArgs = { [N in MutatorName]: z.input<(typeof mutatorArgs)[N]> };
/** What a mutator works with after parsing (`z.output`), by mutator name. */
export type ParsedMutatorArgs = { [N in MutatorName]: z.output<(typeof mutatorArgs)[N]> };
