import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { ReadTransaction } from "replicache";
import { useSubscribe } from "replicache-react";
import type { z } from "zod";
import {
  activitySchema,
  commentSchema,
  descriptionDocSchema,
  labelSchema,
  memberSchema,
  notificationSchema,
  notificationSettingsSchema,
  projectSchema,
  reactionSchema,
  relationSchema,
  subscriberSchema,
  syncScopeSchema,
  taskSchema,
  workspaceSchema,
  type Activity,
  type Comment,
  type Label,
  type Member,
  type Notification,
  type NotificationSettings,
  type Project,
  type Reaction,
  type Relation,
  type Subscriber,
  type SyncScope,
  type Task,
  type Workspace,
} from "../../../shared/entities.ts";
import {
  descriptionDocKey,
  notificationSettingsKey,
  prefixes,
  projectKey,
  syncScopeKey,
  taskStoreKey,
  workspaceKey,
} from "../../../shared/keys.ts";
import type { Rep } from "./create-replicache.ts";
import { useSync } from "./replicache-provider.tsx";
import type { ProjectSubtasks, StatusColumns, TaskStore } from "./task-store.ts";

/**
 * The hooks screens read the local store through. Each scans only the prefix it needs
 * (a subscription re-runs when a key in its scanned range changes), and every value read is
 * checked against its schema; a value that does not fit is left out rather than crashing a screen.
 */

async function scanParsed<T>(tx: ReadTransaction, prefix: string, schema: z.ZodType<T>) {
  const values = await tx.scan({ prefix }).values().toArray();
  const rows: T[] = [];
  for (const value of values) {
    const parsed = schema.safeParse(value);
    if (parsed.success) rows.push(parsed.data);
  }
  return rows;
}

async function getParsed<T>(tx: ReadTransaction, key: string, schema: z.ZodType<T>) {
  const parsed = schema.safeParse(await tx.get(key));
  return parsed.success ? parsed.data : null;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
const byCreated = (a: { createdAt: string }, b: { createdAt: string }) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

const empty: never[] = [];

export function useWorkspaces(): Workspace[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => (await scanParsed(tx, prefixes.workspace, workspaceSchema)).sort(byName),
    { default: empty },
  );
}

/** The workspace; undefined until the store has answered, null when it does not have it. */
export function useWorkspace(workspaceId: string): Workspace | null | undefined {
  const { rep } = useSync();
  return useSubscribe(rep, (tx) => getParsed(tx, workspaceKey(workspaceId), workspaceSchema), {
    default: undefined,
    dependencies: [workspaceId],
  });
}

export function useMembers(workspaceId: string): Member[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => (await scanParsed(tx, prefixes.member(workspaceId), memberSchema)).sort(byName),
    { default: empty, dependencies: [workspaceId] },
  );
}

export function useProjects(workspaceId: string): Project[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => (await scanParsed(tx, prefixes.project(workspaceId), projectSchema)).sort(byName),
    { default: empty, dependencies: [workspaceId] },
  );
}

/** Every project of every workspace the person belongs to (the command palette's list). */
export function useAllProjects(): Project[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => (await scanParsed(tx, prefixes.project(), projectSchema)).sort(byName),
    { default: empty },
  );
}

/**
 * Whether the store holds the project's tasks (partial sync): "loaded", "loading" while its
 * first pull is under way, "absent" when it was never asked for (or let go); undefined until
 * the store has answered.
 */
export function useProjectSync(projectId: string): "loaded" | "loading" | "absent" | undefined {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => {
      const scope = await getParsed(tx, syncScopeKey, syncScopeSchema);
      // No key: a store from before partial sync, which holds every project (its next pull
      // online starts it again in partial sync); or an empty one, which has no project yet.
      if (!scope) return "loaded";
      return scope.projects[projectId] ?? "absent";
    },
    { default: undefined, dependencies: [projectId] },
  );
}

/**
 * Whether the store holds the task's history: its comments, activity, subscribers, files and
 * description document (partial sync, platform/sync/sync-scope.ts). "absent" until the pull that
 * names it has come; undefined until the store has answered. A store that does not name tasks
 * (from before histories came task by task) holds every history of its projects.
 */
export function useTaskHistory(taskId: string): "held" | "absent" | undefined {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => {
      const tasks = (await getParsed(tx, syncScopeKey, syncScopeSchema))?.tasks;
      return !tasks || tasks.includes(taskId) ? "held" : "absent";
    },
    { default: undefined, dependencies: [taskId] },
  );
}

/**
 * The tasks whose history the store holds when it holds them task by task; null when it holds
 * every history of its projects (a store from before histories came task by task).
 */
export function useHeldHistories(): string[] | null {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => (await getParsed(tx, syncScopeKey, syncScopeSchema))?.tasks ?? null,
    { default: null },
  );
}

/**
 * The projects whose tasks the store holds or is loading (partial sync), by id; "all" for a
 * store from before partial sync (it holds every project until its next pull online).
 */
export function useSyncedProjects(): SyncScope["projects"] | "all" {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => (await getParsed(tx, syncScopeKey, syncScopeSchema))?.projects ?? "all",
    { default: noProjects },
  );
}
const noProjects: SyncScope["projects"] = {};

/** Whether the store holds all of the project's tasks, from `useSyncedProjects`. */
export const isLoaded = (synced: SyncScope["projects"] | "all", projectId: string) =>
  synced === "all" || synced[projectId] === "loaded";

/** The project; undefined until the store has answered, null when it does not have it. */
export function useProject(workspaceId: string, projectId: string): Project | null | undefined {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    (tx) => getParsed(tx, projectKey(workspaceId, projectId), projectSchema),
    {
      default: undefined,
      dependencies: [workspaceId, projectId],
    },
  );
}

export function useLabels(workspaceId: string): Label[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => (await scanParsed(tx, prefixes.label(workspaceId), labelSchema)).sort(byName),
    { default: empty, dependencies: [workspaceId] },
  );
}

/**
 * One of the task store's views of a project, read again when a task of the project changes
 * (the store is outside React). Following a project asks the store to read it first.
 */
function useProjectTaskStore<T>(projectId: string, read: (tasks: TaskStore) => T): T {
  const { tasks } = useSync();
  const subscribe = useCallback(
    (listener: () => void) => tasks.subscribe(projectId, listener),
    [tasks, projectId],
  );
  return useSyncExternalStore(subscribe, () => read(tasks));
}

/** One project's tasks in board order, from the in-memory task store (no scan per change). */
export function useProjectTasks(projectId: string): readonly Task[] {
  return useProjectTaskStore(projectId, (tasks) => tasks.projectTasks(projectId));
}

/**
 * Whether the store has read all of the project's tasks: an open reads them project by project
 * (task-store.ts), and until then the project's screens would look empty.
 */
export function useProjectTasksRead(projectId: string): boolean {
  return useProjectTaskStore(projectId, (tasks) => tasks.isRead(projectId));
}

/** One project's tasks by status; a change gives new arrays only for the statuses it touched. */
export function useProjectColumns(projectId: string): StatusColumns {
  return useProjectTaskStore(projectId, (tasks) => tasks.projectColumns(projectId));
}

/** One project's sub-tasks by parent; the same map until one of its sub-tasks changes. */
export function useProjectSubtasks(projectId: string): ProjectSubtasks {
  return useProjectTaskStore(projectId, (tasks) => tasks.projectSubtasks(projectId));
}

/** A task's sub-tasks, in the order they were created. */
export function useSubtasks(projectId: string, taskId: string): readonly Task[] {
  return useProjectSubtasks(projectId).get(taskId) ?? empty;
}

/**
 * These tasks, of any projects, by id (missing ones left out). Repaints only when one of them
 * changes, not for every change of the store.
 */
export function useTasksById(ids: readonly string[]): ReadonlyMap<string, Task> {
  const { tasks } = useSync();
  const key = ids.join(" ");
  const read = useMemo(() => {
    const wanted = key === "" ? [] : key.split(" ");
    let last = new Map<string, Task>();
    return () => {
      const next = new Map<string, Task>();
      for (const id of wanted) {
        const task = tasks.taskById(id);
        if (task) next.set(id, task);
      }
      const same =
        next.size === last.size && [...next].every(([id, task]) => last.get(id) === task);
      if (!same) last = next;
      return last;
    };
  }, [tasks, key]);
  const subscribe = useCallback((listener: () => void) => tasks.subscribeAll(listener), [tasks]);
  return useSyncExternalStore(subscribe, read);
}

/**
 * Every relation of the workspace: one scan of its own prefix, which task changes never re-run
 * (the board reads it to show blocked cards).
 */
export function useRelations(workspaceId: string): Relation[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) =>
      (await scanParsed(tx, prefixes.relation(workspaceId), relationSchema)).sort(byCreated),
    { default: empty, dependencies: [workspaceId] },
  );
}

export function useTask(projectId: string, taskId: string): Task | null {
  const { rep } = useSync();
  return useSubscribe(rep, (tx) => getParsed(tx, taskStoreKey(projectId, taskId), taskSchema), {
    default: null,
    dependencies: [projectId, taskId],
  });
}

/** The state of a task's description document (base64), null while there is none. */
async function readDescriptionState(tx: ReadTransaction, taskId: string) {
  return (await getParsed(tx, descriptionDocKey(taskId), descriptionDocSchema))?.state ?? null;
}

/** undefined until the store has answered; then as readDescriptionState. */
export function useDescriptionState(taskId: string): string | null | undefined {
  const { rep } = useSync();
  return useSubscribe(rep, (tx) => readDescriptionState(tx, taskId), {
    default: undefined,
    dependencies: [taskId],
  });
}

/**
 * Calls `onState` with the document's state now and after every change, straight from the
 * store's subscription: the editor merges a remote keystroke without waiting for React.
 */
export function watchDescriptionState(
  rep: Rep,
  taskId: string,
  onState: (state: string | null) => void,
): () => void {
  return rep.subscribe((tx) => readDescriptionState(tx, taskId), { onData: onState });
}

/**
 * A task's comments, oldest first; undefined until the store has answered, so that a task with
 * comments never says "No comments yet" for a moment.
 */
export function useComments(taskId: string): Comment[] | undefined {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => (await scanParsed(tx, prefixes.comment(taskId), commentSchema)).sort(byCreated),
    { default: undefined, dependencies: [taskId] },
  );
}

/** The reactions on a task's comments, oldest first (the order their pills are drawn in). */
export function useReactions(taskId: string): Reaction[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => (await scanParsed(tx, prefixes.reaction(taskId), reactionSchema)).sort(byCreated),
    { default: empty, dependencies: [taskId] },
  );
}

/** A task's activity, oldest first; undefined until the store has answered. */
export function useActivity(taskId: string): Activity[] | undefined {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) => (await scanParsed(tx, prefixes.activity(taskId), activitySchema)).sort(byCreated),
    { default: undefined, dependencies: [taskId] },
  );
}

const newestFirst = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt > b.createdAt ? -1 : a.createdAt < b.createdAt ? 1 : a.id < b.id ? 1 : -1;

/**
 * The signed-in person's notifications in one workspace (archived ones included), newest first.
 * Only the recipient's own are ever in the store (server/notifications/README.md).
 */
export function useNotifications(workspaceId: string): Notification[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) =>
      (await scanParsed(tx, prefixes.notification, notificationSchema))
        .filter((notification) => notification.workspaceId === workspaceId)
        .sort(newestFirst),
    { default: empty, dependencies: [workspaceId] },
  );
}

const isUnread = (notification: Notification) =>
  notification.readAt === null && notification.archivedAt === null;

/** How many notifications of the workspace are neither read nor archived (the sidebar's badge). */
export function useUnreadCount(workspaceId: string): number {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) =>
      (await scanParsed(tx, prefixes.notification, notificationSchema)).filter(
        (notification) => notification.workspaceId === workspaceId && isUnread(notification),
      ).length,
    { default: 0, dependencies: [workspaceId] },
  );
}

/** Every unread notification of every workspace, newest first (system notifications). */
export function useUnreadNotifications(): Notification[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) =>
      (await scanParsed(tx, prefixes.notification, notificationSchema))
        .filter(isUnread)
        .sort(newestFirst),
    { default: empty },
  );
}

/** The people following a task, in the order they started. */
export function useSubscribers(taskId: string): Subscriber[] {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    async (tx) =>
      (await scanParsed(tx, prefixes.subscriber(taskId), subscriberSchema)).sort(byCreated),
    { default: empty, dependencies: [taskId] },
  );
}

/** The person's mail settings; null until the server has sent them (defaults apply). */
export function useNotificationSettings(userId: string): NotificationSettings | null {
  const { rep } = useSync();
  return useSubscribe(
    rep,
    (tx) => getParsed(tx, notificationSettingsKey(userId), notificationSettingsSchema),
    { default: null, dependencies: [userId] },
  );
}
