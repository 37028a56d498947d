/**
 * The Replicache mutators, written once against a small store interface that Replicache's
 * `WriteTransaction` satisfies. On the client they give the optimistic result at once; the
 * server re-runs every mutation authoritatively with SQL (server/sync/push.ts), checking roles,
 * assigning task numbers and writing activity, and its rows replace these values on the next
 * pull. Keep the two in step: server/sync/mutators-parity.test.ts compares them.
 *
 * Rules for every mutator here: parse the arguments first (a bad call throws at the caller);
 * never read the clock or a random source (mutators are replayed on rebase); when the row to
 * change is not in the store, do nothing and let the server decide.
 */
import type { ReadonlyJSONValue } from "replicache";
import type * as descriptionDocModule from "./description-doc.ts";
import type { z } from "zod";
import {
  attachmentSchema,
  commentSchema,
  labelSchema,
  projectSchema,
  taskSchema,
  activitySchema,
  descriptionDocSchema,
  notificationSchema,
  statusSchema,
  relationSchema,
  type Attachment,
  type Comment,
  type DescriptionDoc,
  type Label,
  type Project,
  type Status,
  type Relation,
  type Task,
  type TaskStatus,
} from "./entities.ts";
import {
  activityKey,
  attachmentKey,
  commentKey,
  descriptionDocKey,
  labelKey,
  noticeKey,
  notificationKey,
  notificationSettingsKey,
  prefixes,
  projectKey,
  statusKey,
  relationKey,
  subscriberKey,
  taskStoreKey,
} from "./keys.ts";
import { mutatorArgs, type MutatorArgs, type MutatorName } from "./mutator-args.ts";
import { defaultProjectStatuses, defaultTaskStatus, resolveStatusId } from "./statuses.ts";
import { comparePositions, positionAfter, positionsAfter } from "./task-position.ts";
import { notificationSettingsSchema, type Notification, type Subscriber } from "./entities.ts";

/** The part of Replicache's `WriteTransaction` the mutators use. */
export type StoreTransaction = {
  get(key: string): Promise<ReadonlyJSONValue | undefined>;
  set(key: string, value: ReadonlyJSONValue): Promise<void>;
  del(key: string): Promise<boolean>;
  scan(options: { prefix: string }): {
    keys(): { toArray(): Promise<string[]> };
    values(): { toArray(): Promise<ReadonlyJSONValue[]> };
  };
};

type Mutator<N extends MutatorName> = (tx: StoreTransaction, args: MutatorArgs[N]) => Promise<void>;
export type Mutators = { [N in MutatorName]: Mutator<N> };

type DescriptionDocCode = typeof descriptionDocModule;
let descriptionDocCode: DescriptionDocCode | undefined;

/**
 * The description document's code (Yjs), loaded on first use, not with the app. Replicache
 * replays pending mutations inside IndexedDB transactions while it persists, and a wait for
 * anything but the store ends such a transaction ("The transaction has finished"): so once
 * loaded, editDescription takes it without waiting, and the client loads it before any edit
 * is replayed (open-store.ts, task-description.tsx).
 */
export async function loadDescriptionDoc(): Promise<DescriptionDocCode> {
  descriptionDocCode ??= await import("./description-doc.ts");
  return descriptionDocCode;
}

/** Label ids as both sides keep them: no duplicates, sorted with `<`. */
export function normalizeLabelIds(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The mutators of one signed-in person: `userId` becomes the creator of their tasks and the
 * author of their comments (the server takes it from the session, never from the arguments).
 */
export function createMutators(userId: string): Mutators {
  return {
    async createProject(tx, input) {
      const args = mutatorArgs.createProject.parse(input);
      const project: Project = {
        id: args.id,
        workspaceId: args.workspaceId,
        name: args.name,
        key: args.key,
        icon: args.icon ?? null,
        description: args.description ?? "",
        isPublic: false,
        lastTaskNumber: 0,
        createdAt: args.createdAt,
        updatedAt: args.createdAt,
      };
      await tx.set(projectKey(project.workspaceId, project.id), project);
      // The server's project insert creates the same six (migration 0010).
      for (const status of defaultProjectStatuses(project, args.createdAt)) {
        await tx.set(statusKey(project.id, status.id), status);
      }
    },

    async updateProject(tx, input) {
      const { id, updatedAt, ...changes } = mutatorArgs.updateProject.parse(input);
      const project = await findProject(tx, id);
      if (!project) return;
      const next: Project = { ...project, ...definedOnly(changes), updatedAt };
      await tx.set(projectKey(project.workspaceId, id), next);
    },

    async deleteProject(tx, input) {
      const { id } = mutatorArgs.deleteProject.parse(input);
      const project = await findProject(tx, id);
      if (!project) return;
      const keys = await tx
        .scan({ prefix: prefixes.task(id) })
        .keys()
        .toArray();
      for (const key of keys) await deleteTaskAndChildren(tx, key);
      await deleteRelationsOf(tx, project.workspaceId, new Set(keys.map(idOfKey)));
      for (const key of await tx
        .scan({ prefix: prefixes.status(id) })
        .keys()
        .toArray()) {
        await tx.del(key);
      }
      await tx.del(projectKey(project.workspaceId, id));
    },

    async createTask(tx, input) {
      const args = mutatorArgs.createTask.parse(input);
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
      const { id, projectId, updatedAt, labelIds, ...changes } =
        mutatorArgs.updateTask.parse(input);
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
      const { id, projectId, update, updatedAt } = mutatorArgs.editDescription.parse(input);
      const { fromBase64, InvalidDescription, mergeDescriptionUpdate, toBase64 } =
        descriptionDocCode ?? (await loadDescriptionDoc());
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
      const { id, projectId, status, position, updatedAt } = mutatorArgs.moveTask.parse(input);
      const task = await findTask(tx, id, projectId);
      if (!task) return;
      const to = await taskStatus(tx, task.projectId, status);
      await tx.set(taskStoreKey(task.projectId, id), { ...task, status: to, position, updatedAt });
    },

    async deleteTask(tx, input) {
      const { id, projectId, subtasks = "detach", deletedAt } = mutatorArgs.deleteTask.parse(input);
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

    async addRelation(tx, input) {
      const args = mutatorArgs.addRelation.parse(input);
      // The tasks' projects, as the server reads them: from the hints, else from the store.
      const taskProjectId =
        args.taskProjectId ?? (await findTask(tx, args.taskId, undefined))?.projectId;
      const relatedProjectId =
        args.relatedProjectId ?? (await findTask(tx, args.relatedTaskId, undefined))?.projectId;
      const relation: Relation = {
        id: args.id,
        workspaceId: args.workspaceId,
        taskId: args.taskId,
        relatedTaskId: args.relatedTaskId,
        kind: args.kind,
        createdBy: userId,
        createdAt: args.createdAt,
        ...(taskProjectId ? { taskProjectId } : {}),
        ...(relatedProjectId ? { relatedProjectId } : {}),
      };
      await tx.set(relationKey(relation.workspaceId, relation.id), relation);
    },

    async removeRelation(tx, input) {
      const { id, workspaceId } = mutatorArgs.removeRelation.parse(input);
      if (workspaceId && (await tx.del(relationKey(workspaceId, id)))) return;
      const relation = await findById(tx, prefixes.relation(), id, relationSchema);
      if (relation) await tx.del(relationKey(relation.workspaceId, id));
    },

    // The task comes back with its old number; its comments, activity and subscribers come back
    // with the server's rows on the next pull (it keeps them in its trash).
    async restoreTask(tx, input) {
      const args = mutatorArgs.restoreTask.parse(input);
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

    async createStatus(tx, input) {
      const args = mutatorArgs.createStatus.parse(input);
      const project = await findProject(tx, args.projectId);
      if (!project || (await tx.get(statusKey(project.id, args.id)))) return;
      const status: Status = {
        id: args.id,
        workspaceId: project.workspaceId,
        projectId: project.id,
        name: args.name,
        category: args.category,
        color: args.color,
        icon: args.icon ?? null,
        position: args.position,
        replacedBy: null,
        createdAt: args.createdAt,
        updatedAt: args.createdAt,
      };
      await tx.set(statusKey(status.projectId, status.id), status);
    },

    async updateStatus(tx, input) {
      const { id, projectId, updatedAt, ...changes } = mutatorArgs.updateStatus.parse(input);
      const status = await readKey(tx, statusKey(projectId, id), statusSchema);
      if (!status || status.replacedBy !== null) return;
      await tx.set(statusKey(projectId, id), { ...status, ...definedOnly(changes), updatedAt });
    },

    async deleteStatus(tx, input) {
      const { id, projectId, replacementId, updatedAt } = mutatorArgs.deleteStatus.parse(input);
      const statuses = await readAll(tx, prefixes.status(projectId), statusSchema);
      const status = statuses.find((candidate) => candidate.id === id);
      const replacement = statuses.find((candidate) => candidate.id === replacementId);
      if (!status || status.replacedBy !== null || id === replacementId) return;
      if (!replacement || replacement.replacedBy !== null) return;
      await tx.set(statusKey(projectId, id), { ...status, replacedBy: replacementId, updatedAt });
      // Statuses deleted earlier into this one now point at its replacement: one step, always.
      for (const earlier of statuses) {
        if (earlier.replacedBy !== id) continue;
        await tx.set(statusKey(projectId, earlier.id), { ...earlier, replacedBy: replacementId });
      }
      // Its tasks, in their order, to the bottom of the replacement (as the server does).
      const tasks = await readAll(tx, prefixes.task(projectId), taskSchema);
      const moving = tasks.filter((task) => task.status === id).sort(comparePositions);
      const positions = positionsAfter(
        tasks.filter((task) => task.status === replacementId).map((task) => task.position),
        moving.length,
      );
      for (const [index, task] of moving.entries()) {
        await tx.set(taskStoreKey(projectId, task.id), {
          ...task,
          status: replacementId,
          position: positions[index] ?? task.position,
          updatedAt,
        });
      }
    },

    async createLabel(tx, input) {
      const args = mutatorArgs.createLabel.parse(input);
      const label: Label = {
        id: args.id,
        workspaceId: args.workspaceId,
        name: args.name,
        color: args.color,
        createdAt: args.createdAt,
        updatedAt: args.createdAt,
      };
      await tx.set(labelKey(label.workspaceId, label.id), label);
    },

    async updateLabel(tx, input) {
      const { id, updatedAt, ...changes } = mutatorArgs.updateLabel.parse(input);
      const label = await findById(tx, prefixes.label(), id, labelSchema);
      if (!label) return;
      await tx.set(labelKey(label.workspaceId, id), {
        ...label,
        ...definedOnly(changes),
        updatedAt,
      });
    },

    async deleteLabel(tx, input) {
      const { id } = mutatorArgs.deleteLabel.parse(input);
      const label = await findById(tx, prefixes.label(), id, labelSchema);
      if (!label) return;
      await tx.del(labelKey(label.workspaceId, id));
      // Rare enough to afford a scan of every task: the label leaves the tasks that had it.
      for (const task of await readAll(tx, prefixes.task(), taskSchema)) {
        if (task.workspaceId !== label.workspaceId || !task.labelIds.includes(id)) continue;
        await tx.set(taskStoreKey(task.projectId, task.id), {
          ...task,
          labelIds: task.labelIds.filter((labelId) => labelId !== id),
        });
      }
    },

    async addComment(tx, input) {
      const args = mutatorArgs.addComment.parse(input);
      const comment: Comment = {
        id: args.id,
        taskId: args.taskId,
        authorId: userId,
        body: args.body,
        createdAt: args.createdAt,
        updatedAt: args.createdAt,
      };
      await tx.set(commentKey(comment.taskId, comment.id), comment);
    },

    async updateComment(tx, input) {
      const { id, taskId, body, updatedAt } = mutatorArgs.updateComment.parse(input);
      const comment = await findComment(tx, id, taskId);
      if (!comment) return;
      await tx.set(commentKey(comment.taskId, id), { ...comment, body, updatedAt });
    },

    async deleteComment(tx, input) {
      const { id, taskId } = mutatorArgs.deleteComment.parse(input);
      const comment = await findComment(tx, id, taskId);
      if (!comment) return;
      await tx.del(commentKey(comment.taskId, id));
      for (const activity of await readAll(tx, prefixes.activity(comment.taskId), activitySchema)) {
        if (activity.commentId === id) await tx.del(activityKey(comment.taskId, activity.id));
      }
    },

    // The row, optimistic; the bytes follow over HTTP (client/platform/upload-queue.ts).
    async addAttachment(tx, input) {
      const args = mutatorArgs.addAttachment.parse(input);
      const attachment: Attachment = {
        id: args.id,
        taskId: args.taskId,
        name: args.name,
        type: args.type,
        size: args.size,
        uploadedBy: userId,
        createdAt: args.createdAt,
        uploadedAt: null,
      };
      await tx.set(attachmentKey(args.taskId, args.id), attachment);
    },

    async deleteAttachment(tx, input) {
      const { id, taskId } = mutatorArgs.deleteAttachment.parse(input);
      const attachment = taskId
        ? await readKey(tx, attachmentKey(taskId, id), attachmentSchema)
        : await findById(tx, prefixes.attachment(), id, attachmentSchema);
      if (attachment) await tx.del(attachmentKey(attachment.taskId, id));
    },

    async dismissNotice(tx, input) {
      const { id } = mutatorArgs.dismissNotice.parse(input);
      await tx.del(noticeKey(id));
    },

    async subscribeToTask(tx, input) {
      const { taskId, createdAt } = mutatorArgs.subscribeToTask.parse(input);
      if (await tx.get(subscriberKey(taskId, userId))) return;
      const task = await findTask(tx, taskId, undefined);
      if (!task) return;
      await setSubscriber(tx, task, userId, createdAt);
    },

    async unsubscribeFromTask(tx, input) {
      const { taskId } = mutatorArgs.unsubscribeFromTask.parse(input);
      await tx.del(subscriberKey(taskId, userId));
    },

    async markNotificationRead(tx, input) {
      const { id, readAt } = mutatorArgs.markNotificationRead.parse(input);
      await changeNotification(tx, id, (n) => (n.readAt ? n : { ...n, readAt }));
    },

    async markNotificationUnread(tx, input) {
      const { id } = mutatorArgs.markNotificationUnread.parse(input);
      await changeNotification(tx, id, (n) => ({ ...n, readAt: null }));
    },

    async archiveNotification(tx, input) {
      const { id, archivedAt } = mutatorArgs.archiveNotification.parse(input);
      await changeNotification(tx, id, (n) => (n.archivedAt ? n : { ...n, archivedAt }));
    },

    async unarchiveNotification(tx, input) {
      const { id } = mutatorArgs.unarchiveNotification.parse(input);
      await changeNotification(tx, id, (n) => ({ ...n, archivedAt: null }));
    },

    async markAllNotificationsRead(tx, input) {
      const { workspaceId, readAt } = mutatorArgs.markAllNotificationsRead.parse(input);
      for (const n of await readAll(tx, prefixes.notification, notificationSchema)) {
        if (n.workspaceId !== workspaceId || n.readAt || n.createdAt > readAt) continue;
        await tx.set(notificationKey(n.id), { ...n, readAt });
      }
    },

    async updateNotificationSettings(tx, input) {
      const changes = mutatorArgs.updateNotificationSettings.parse(input);
      const key = notificationSettingsKey(userId);
      const current = (await readKey(tx, key, notificationSettingsSchema)) ?? {
        id: userId,
        direct: "instant",
        other: "daily",
      };
      await tx.set(key, { ...current, ...definedOnly(changes) });
    },
  };
}

async function setSubscriber(tx: StoreTransaction, task: Task, userId: string, createdAt: string) {
  const subscriber: Subscriber = {
    id: userId,
    taskId: task.id,
    workspaceId: task.workspaceId,
    createdAt,
  };
  await tx.set(subscriberKey(task.id, userId), subscriber);
}

async function changeNotification(
  tx: StoreTransaction,
  id: string,
  change: (notification: Notification) => Notification,
) {
  const notification = await readKey(tx, notificationKey(id), notificationSchema);
  if (notification) await tx.set(notificationKey(id), change(notification));
}

/** `{a: 1, b: undefined}` → `{a: 1}`: an omitted field of an update leaves the value alone. */
function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

async function readAll<S extends z.ZodType>(
  tx: StoreTransaction,
  prefix: string,
  schema: S,
): Promise<z.output<S>[]> {
  const values = await tx.scan({ prefix }).values().toArray();
  return values.map((value) => schema.parse(value));
}

async function readKey<S extends z.ZodType>(
  tx: StoreTransaction,
  key: string,
  schema: S,
): Promise<z.output<S> | undefined> {
  const value = await tx.get(key);
  return value === undefined ? undefined : schema.parse(value);
}

/** Finds a row by id among the keys under `prefix` (keys end in `/{id}`). */
async function findById<S extends z.ZodType>(
  tx: StoreTransaction,
  prefix: string,
  id: string,
  schema: S,
): Promise<z.output<S> | undefined> {
  const keys = await tx.scan({ prefix }).keys().toArray();
  const key = keys.find((candidate) => candidate.endsWith(`/${id}`));
  return key === undefined ? undefined : readKey(tx, key, schema);
}

/**
 * The status a task given `status` ends in: a deleted status's replacement (a move made before
 * someone else deleted it). Without `status`, the project's first unstarted status.
 */
async function taskStatus(
  tx: StoreTransaction,
  projectId: string,
  status: TaskStatus | undefined,
): Promise<TaskStatus> {
  if (status === undefined) {
    const statuses = await readAll(tx, prefixes.status(projectId), statusSchema);
    return defaultTaskStatus(statuses) ?? "to-do";
  }
  const found = await readKey(tx, statusKey(projectId, status), statusSchema);
  return resolveStatusId(status, found);
}

/** Projects are few: a scan of every project key is cheap. */
function findProject(tx: StoreTransaction, id: string): Promise<Project | undefined> {
  return findById(tx, prefixes.project(), id, projectSchema);
}

/** With the `projectId` hint one read; without it a scan of every task key. */
async function findTask(
  tx: StoreTransaction,
  id: string,
  projectId: string | undefined,
): Promise<Task | undefined> {
  if (projectId) {
    const task = await readKey(tx, taskStoreKey(projectId, id), taskSchema);
    if (task) return task;
  }
  return findById(tx, prefixes.task(), id, taskSchema);
}

async function findComment(
  tx: StoreTransaction,
  id: string,
  taskId: string | undefined,
): Promise<Comment | undefined> {
  if (taskId) {
    const comment = await readKey(tx, commentKey(taskId, id), commentSchema);
    if (comment) return comment;
  }
  return findById(tx, prefixes.comment(), id, commentSchema);
}

const idOfKey = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/** The relations of a workspace that touch any of these tasks go with them. */
async function deleteRelationsOf(
  tx: StoreTransaction,
  workspaceId: string,
  taskIds: ReadonlySet<string>,
): Promise<void> {
  for (const relation of await readAll(tx, prefixes.relation(workspaceId), relationSchema)) {
    if (taskIds.has(relation.taskId) || taskIds.has(relation.relatedTaskId)) {
      await tx.del(relationKey(workspaceId, relation.id));
    }
  }
}

async function deleteTaskAndChildren(tx: StoreTransaction, key: string): Promise<void> {
  const id = idOfKey(key);
  for (const prefix of [prefixes.comment(id), prefixes.activity(id), prefixes.attachment(id)]) {
    for (const childKey of await tx.scan({ prefix }).keys().toArray()) await tx.del(childKey);
  }
  await tx.del(descriptionDocKey(id));
  await tx.del(key);
}
