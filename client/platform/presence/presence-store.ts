/**
 * What this tab has heard of the others' presence: the lists the server sends on the poke
 * stream (`event: presence`, one workspace's whole list each time), and the hooks the screens
 * read them with. Never persisted: a reload starts empty and the stream brings the lists.
 *
 * The signed-in person is left out everywhere (their other tabs too), and a person with several
 * tabs shows once: idle only when every tab of theirs is, typing when any is.
 */
import { useCallback, useSyncExternalStore } from "react";
import {
  presenceListSchema,
  type PresenceEntry,
  type PresenceTyping,
} from "../../../shared/presence.ts";

/** Someone else, once, however many tabs they have open. */
export type PresentPerson = {
  userId: string;
  name: string;
  image: string | null;
  /** Every tab of theirs in view has had no input for a while. */
  idle: boolean;
  typing: PresenceTyping | null;
};

/** Another tab's cursor in a task's description, as its editor encoded it. */
type PresenceCursor = {
  userId: string;
  clientId: string;
  name: string;
  image: string | null;
  cursor: string;
};

/** A workspace's list, indexed for the screens; arrays keep their identity while unchanged. */
type WorkspaceView = {
  byProject: Map<string, readonly PresentPerson[]>;
  byTask: Map<string, readonly PresentPerson[]>;
  cursorsByTask: Map<string, readonly PresenceCursor[]>;
};

const NOBODY: readonly PresentPerson[] = [];
const NO_CURSORS: readonly PresenceCursor[] = [];

let selfId: string | null = null;
/** Each workspace's others, as the last list said (a relayed edit may move a cursor in it). */
const lists = new Map<string, PresenceEntry[]>();
const views = new Map<string, WorkspaceView>();
const listeners = new Set<() => void>();

const notify = () => {
  for (const listener of listeners) listener();
};

/** The person whose store is open: left out of every list. */
export function setPresenceSelf(userId: string | null): void {
  selfId = userId;
}

/** The data of an `event: presence`; anything malformed is ignored. */
export function receivePresenceList(data: string): void {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return;
  }
  const parsed = presenceListSchema.safeParse(json);
  if (!parsed.success) return;
  const { workspaceId, entries } = parsed.data;
  const others = entries.filter((entry) => entry.userId !== selfId);
  lists.set(workspaceId, others);
  views.set(workspaceId, viewOf(others, views.get(workspaceId)));
  notify();
}

/**
 * Another tab's cursor as its relayed edit carries it (description-relay.ts): its caret moves
 * with the character, before the list that says so arrives.
 */
export function moveRelayedCursor(
  workspaceId: string,
  userId: string,
  clientId: string,
  taskId: string,
  cursor: string | null,
): void {
  const list = lists.get(workspaceId);
  const index =
    list?.findIndex(
      (entry) => entry.userId === userId && entry.clientId === clientId && entry.taskId === taskId,
    ) ?? -1;
  const entry = list?.[index];
  if (!list || !entry || entry.cursor === cursor) return;
  const moved = list.map((other, at) => (at === index ? { ...entry, cursor } : other));
  lists.set(workspaceId, moved);
  views.set(workspaceId, viewOf(moved, views.get(workspaceId)));
  notify();
}

/** Forgets every list: the stream dropped or the store closed. */
export function clearPresence(): void {
  if (views.size === 0) return;
  lists.clear();
  views.clear();
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function viewOf(entries: PresenceEntry[], before: WorkspaceView | undefined): WorkspaceView {
  const byProject = new Map<string, PresenceEntry[]>();
  const byTask = new Map<string, PresenceEntry[]>();
  const cursorsByTask = new Map<string, PresenceCursor[]>();
  const add = <T>(map: Map<string, T[]>, key: string, value: T) =>
    map.set(key, [...(map.get(key) ?? []), value]);
  for (const entry of entries) {
    if (entry.projectId) add(byProject, entry.projectId, entry);
    if (entry.taskId) add(byTask, entry.taskId, entry);
    if (entry.taskId && entry.cursor !== null) {
      const { userId, clientId, name, image, cursor } = entry;
      add(cursorsByTask, entry.taskId, { userId, clientId, name, image, cursor });
    }
  }
  const people = (
    grouped: Map<string, PresenceEntry[]>,
    previous: Map<string, readonly PresentPerson[]> | undefined,
  ) =>
    new Map(
      [...grouped].map(([key, group]) => [
        key,
        keep(previous?.get(key), byPerson(group), samePerson),
      ]),
    );
  return {
    byProject: people(byProject, before?.byProject),
    byTask: people(byTask, before?.byTask),
    cursorsByTask: new Map(
      [...cursorsByTask].map(([key, cursors]) => [
        key,
        keep(before?.cursorsByTask.get(key), cursors, sameCursor),
      ]),
    ),
  };
}

/** One person per user, in the order of the server's list (by name). */
function byPerson(entries: PresenceEntry[]): PresentPerson[] {
  const people = new Map<string, PresentPerson>();
  for (const entry of entries) {
    const seen = people.get(entry.userId);
    people.set(entry.userId, {
      userId: entry.userId,
      name: entry.name,
      image: entry.image,
      idle: (seen?.idle ?? true) && entry.idle,
      typing: seen?.typing ?? entry.typing,
    });
  }
  return [...people.values()];
}

/** The array from before when nothing in it changed, so its readers do not repaint. */
function keep<T>(
  before: readonly T[] | undefined,
  after: readonly T[],
  same: (a: T, b: T) => boolean,
) {
  if (!before || before.length !== after.length) return after;
  return before.every((item, index) => {
    const other = after[index];
    return other !== undefined && same(item, other);
  })
    ? before
    : after;
}

const samePerson = (a: PresentPerson, b: PresentPerson) =>
  a.userId === b.userId &&
  a.name === b.name &&
  a.image === b.image &&
  a.idle === b.idle &&
  a.typing === b.typing;

const sameCursor = (a: PresenceCursor, b: PresenceCursor) =>
  a.clientId === b.clientId && a.userId === b.userId && a.name === b.name && a.cursor === b.cursor;

/** The others in a project (on its board, its list, or one of its tasks). */
export function useProjectPresence(
  workspaceId: string,
  projectId: string,
): readonly PresentPerson[] {
  const snapshot = useCallback(
    () => views.get(workspaceId)?.byProject.get(projectId) ?? NOBODY,
    [workspaceId, projectId],
  );
  return useSyncExternalStore(subscribe, snapshot, () => NOBODY);
}

/** The others who have this task open (its page or its peek), with whether they are typing. */
export function useTaskPresence(workspaceId: string, taskId: string): readonly PresentPerson[] {
  const snapshot = useCallback(
    () => views.get(workspaceId)?.byTask.get(taskId) ?? NOBODY,
    [workspaceId, taskId],
  );
  return useSyncExternalStore(subscribe, snapshot, () => NOBODY);
}

/**
 * The others' cursors in this task's description, as their editors set them with
 * `setPresenceCursor` (presence-reporter.ts); one per tab. The workspace is part of the
 * question: a list only ever speaks for its own workspace's tasks.
 */
export function usePresenceCursors(workspaceId: string, taskId: string): readonly PresenceCursor[] {
  const snapshot = useCallback(
    () => views.get(workspaceId)?.cursorsByTask.get(taskId) ?? NO_CURSORS,
    [workspaceId, taskId],
  );
  return useSyncExternalStore(subscribe, snapshot, () => NO_CURSORS);
}

/** Whether anyone else has this task open now (a relayed edit has someone to reach). */
export function othersOnTask(workspaceId: string, taskId: string): boolean {
  return (views.get(workspaceId)?.byTask.get(taskId)?.length ?? 0) > 0;
}
