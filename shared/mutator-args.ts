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
  taskPrioritySchema,
  taskStatusSchema,
  timestampSchema,
} from "./entities.ts";
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
  updatedAt: timestampSchema,
});

export const moveTaskArgs = z.object({
  id: idSchema,
  projectId: idSchema.optional(),
  status: taskStatusSchema,
  position: positionSchema,
  updatedAt: timestampSchema,
});

export const deleteTaskArgs = z.object({ id: idSchema, projectId: idSchema.optional() });

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
  moveTask: moveTaskArgs,
  deleteTask: deleteTaskArgs,
  createLabel: createLabelArgs,
  updateLabel: updateLabelArgs,
  deleteLabel: deleteLabelArgs,
  addComment: addCommentArgs,
  updateComment: updateCommentArgs,
  deleteComment: deleteCommentArgs,
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
