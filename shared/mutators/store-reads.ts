/**
 * What the mutators of every entity read and write through: the part of Replicache's
 * `WriteTransaction` they use, and the reads and deletes several of them share.
 */
import type { ReadonlyJSONValue } from "replicache";
import type { z } from "zod";
import type * as descriptionDocModule from "../description-doc.ts";
import {
  commentSchema,
  notificationSchema,
  projectSchema,
  relationSchema,
  statusSchema,
  taskSchema,
  type Comment,
  type Notification,
  type Project,
  type Subscriber,
  type Task,
  type TaskStatus,
} from "../entities.ts";
import {
  commentKey,
  descriptionDocKey,
  notificationKey,
  prefixes,
  relationKey,
  statusKey,
  subscriberKey,
  taskStoreKey,
} from "../keys.ts";
import { defaultTaskStatus, resolveStatusId } from "../statuses.ts";

/** The part of Replicache's `WriteTransaction` the mutators use. */
type StoreTransaction = {
  get(key: string): Promise<ReadonlyJSONValue | undefined>;
  set(key: string, value: ReadonlyJSONValue): Promise<void>;
  del(key: string): Promise<boolean>;
  scan(options: { prefix: string }): {
    keys(): { toArray(): Promise<string[]> };
    values(): { toArray(): Promise<ReadonlyJSONValue[]> };
  };
};

/** One entity's mutators, each taking what its schema takes (`z.input`). */
export type EntityMutators<Args extends Record<string, z.ZodType>> = {
  [N in keyof Args]: (tx: StoreTransaction, args: z.input<Args[N]>) => Promise<void>;
};

type DescriptionDocCode = typeof descriptionDocModule;
let descriptionDocCode: DescriptionDocCode | undefined;

/**
 * The description document's code (Yjs), loaded on first use, not with the app. Replicache
 * replays pending mutations inside IndexedDB transactions while it persists, and a wait for
 * anything but the store ends such a transaction ("The transaction has finished"): so once
 * loaded, editDescription takes it without waiting (`loadedDescriptionDoc`), and the client
 * loads it before any edit is replayed (open-store.ts, task-description.tsx).
 */
export async function loadDescriptionDoc(): Promise<DescriptionDocCode> {
  descriptionDocCode ??= await import("../description-doc.ts");
  return descriptionDocCode;
}

/** The description document's code if it has been loaded. */
export const loadedDescriptionDoc = (): DescriptionDocCode | undefined => descriptionDocCode;

/** Label ids as both sides keep them: no duplicates, sorted with `<`. */
export function normalizeLabelIds(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

export async function setSubscriber(
  tx: StoreTransaction,
  task: Task,
  userId: string,
  createdAt: string,
) {
  const subscriber: Subscriber = {
    id: userId,
    taskId: task.id,
    workspaceId: task.workspaceId,
    createdAt,
  };
  await tx.set(subscriberKey(task.id, userId), subscriber);
}

export async function changeNotification(
  tx: StoreTransaction,
  id: string,
  change: (notification: Notification) => Notification,
) {
  const notification = await readKey(tx, notificationKey(id), notificationSchema);
  if (notification) await tx.set(notificationKey(id), change(notification));
}

/** `{a: 1, b: undefined}` → `{a: 1}`: an omitted field of an update leaves the value alone. */
export function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

export async function readAll<S extends z.ZodType>(
  tx: StoreTransaction,
  prefix: string,
  schema: S,
): Promise<z.output<S>[]> {
  const values = await tx.scan({ prefix }).values().toArray();
  return values.map((value) => schema.parse(value));
}

export async function readKey<S extends z.ZodType>(
  tx: StoreTransaction,
  key: string,
  schema: S,
): Promise<z.output<S> | undefined> {
  const value = await tx.get(key);
  return value === undefined ? undefined : schema.parse(value);
}

/** Finds a row by id among the keys under `prefix` (keys end in `/{id}`). */
export async function findById<S extends z.ZodType>(
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
export async function taskStatus(
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
export function findProject(tx: StoreTransaction, id: string): Promise<Project | undefined> {
  return findById(tx, prefixes.project(), id, projectSchema);
}

/** With the `projectId` hint one read; without it a scan of every task key. */
export async function findTask(
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

export async function findComment(
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

export const idOfKey = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/** The relations of a workspace that touch any of these tasks go with them. */
export async function deleteRelationsOf(
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

export async function deleteTaskAndChildren(tx: StoreTransaction, key: string): Promise<void> {
  const id = idOfKey(key);
  const children = [
    prefixes.comment(id),
    prefixes.reaction(id),
    prefixes.activity(id),
    prefixes.attachment(id),
  ];
  for (const prefix of children) {
    for (const childKey of await tx.scan({ prefix }).keys().toArray()) await tx.del(childKey);
  }
  await tx.del(descriptionDocKey(id));
  await tx.del(key);
}
