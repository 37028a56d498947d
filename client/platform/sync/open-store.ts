import type { Puller } from "replicache";
import { toast } from "sonner";
import { sessionEnded } from "../session/session-store.ts";
import { closeBeforeSignOut } from "../session/sign-out.ts";
import { presenceTabId } from "../presence/presence-reporter.ts";
import { clearPresence, receivePresenceList, setPresenceSelf } from "../presence/presence-store.ts";
import { receiveRelayedEdit } from "../presence/description-relay.ts";
import { recordUndo } from "../undo/record-undo.ts";
import type { UndoHistory } from "../undo/undo-history.ts";
import { createReplicache, type Rep } from "./create-replicache.ts";
import { letFirstReadGoFirst } from "./first-read.ts";
import { pullingEveryPage } from "./paged-pull.ts";
import { persistPromptly } from "./persist-promptly.ts";
import { OpenedList, pullingScope, relatedProjects } from "./sync-scope.ts";
import { relationSchema, type Relation } from "../../../shared/entities.ts";
import { prefixes } from "../../../shared/keys.ts";
import { listenForPokes } from "./poke.ts";
import { endSyncWithSession } from "./session-end.ts";
import { SyncState } from "./sync-state.ts";
import { syncOnReconnect } from "./sync-on-reconnect.ts";
import { TaskStore } from "./task-store.ts";
import { loadDescriptionDoc } from "../../../shared/mutators/store-reads.ts";

/** A signed-in person's open store, kept live with pokes and persisted promptly. */
type OpenStore = {
  rep: Rep;
  tasks: TaskStore;
  sync: SyncState;
  /** The person's own task changes, to undo and redo (platform/undo). */
  undo: UndoHistory;
  /** The projects whose tasks the store syncs (partial sync). */
  projects: OpenedList;
  /** The tasks whose history (comments, activity…) the store syncs. */
  histories: OpenedList;
  /** Persists what is not yet persisted, then closes. */
  close: () => Promise<void>;
};

/** The longest a pull waits for the page's own project to be read from the device. */
const HEAD_READ_WAIT_MS = 1500;

/**
 * Pulls once the page's own project has been read from the device (`TaskStore.headReady`), or
 * after HEAD_READ_WAIT_MS. On a reload the board is drawn from the device; a pull answered while
 * that read is under way takes turns with it on the main thread and writes to the same store,
 * and the first screen came about a tenth later. A first load, with nothing on the device,
 * reads nothing and pulls at once.
 */
function pullingAfter(ready: Promise<void>, puller: Puller): Puller {
  const waited = Promise.race([
    ready,
    new Promise<void>((resolve) => setTimeout(resolve, HEAD_READ_WAIT_MS)),
  ]);
  return async (request, requestID) => {
    await waited;
    return puller(request, requestID);
  };
}

/** A store opened early that no screen has taken is closed after this long. */
const UNCLAIMED_MS = 15_000;

let early: { userId: string; store: OpenStore; timer: ReturnType<typeof setTimeout> } | undefined;

function openStore(userId: string): OpenStore {
  const rep = createReplicache(userId, () => {
    toast.info("A new version of Tasks is available", {
      duration: Infinity,
      action: { label: "Reload", onClick: () => window.location.reload() },
    });
  });
  letFirstReadGoFirst(rep);
  const sync = new SyncState(rep);
  // The session check wraps Replicache's own fetch, so pages fetched ahead are checked too.
  endSyncWithSession(rep, () => {
    void close();
    void sessionEnded(userId);
  });
  const projects = OpenedList.projects(userId);
  const histories = OpenedList.tasks(userId);
  // A page opened at a project's or a task's address asks for it in its very first pull.
  const opening = /\/project\/([^/]+)(?:\/task\/([^/]+))?/.exec(window.location.pathname);
  if (opening?.[1]) projects.open(decodeURIComponent(opening[1]));
  if (opening?.[2]) histories.open(decodeURIComponent(opening[2]));
  rep.puller = pullingScope(pullingEveryPage(rep, rep.puller, sync), {
    projects,
    tasks: histories,
  });
  // A list changed (a project or a task opened here or in another tab): the next pull names it.
  const pullNow = () => void rep.pull().catch(ignoreWhenClosed(rep));
  const stopFollowingProjects = projects.subscribe(pullNow);
  const stopFollowingHistories = histories.subscribe(pullNow);
  // A synced project's relations into another project bring that project too.
  let relations: Relation[] = [];
  const bringRelated = () => {
    const ids = relatedProjects(relations, new Set(projects.list()));
    // Adding them changes the list, which pulls (above).
    projects.include(ids);
  };
  const stopReadingRelations = rep.subscribe(
    async (tx) =>
      (await tx.scan({ prefix: prefixes.relation() }).values().toArray()).flatMap((value) => {
        const parsed = relationSchema.safeParse(value);
        return parsed.success ? [parsed.data] : [];
      }),
    {
      onData: (read) => {
        relations = read;
        bringRelated();
      },
    },
  );
  const stopBringingRelated = projects.subscribe(bringRelated);
  const stopFollowingRelations = () => {
    stopReadingRelations();
    stopBringingRelated();
  };
  // The page's own project is at the head of the list (above): its tasks are read first.
  const tasks = new TaskStore(rep, () => projects.list());
  rep.puller = pullingAfter(tasks.headReady, rep.puller);
  const undo = recordUndo(rep, tasks);
  // The others' presence comes on the same stream; the person is left out of it.
  setPresenceSelf(userId);
  const stopPokes = listenForPokes(() => void rep.pull().catch(ignoreWhenClosed(rep)), {
    tabId: presenceTabId,
    onList: receivePresenceList,
    onEdit: receiveRelayedEdit,
    onReset: clearPresence,
  });
  // A description edit still pending from an earlier visit is replayed as the store persists:
  // its code must be here by then (shared/mutators/store-reads.ts loadDescriptionDoc).
  // (Replicache reads its pending mutations only once it is open, which a query waits for.)
  void rep
    .query(() => null)
    .then(() => rep.experimentalPendingMutations())
    .then((pending) => {
      if (pending.some((mutation) => mutation.name === "editDescription")) {
        void loadDescriptionDoc();
      }
    })
    .catch(ignoreWhenClosed(rep));
  const persisting = persistPromptly(rep, sync);
  const stopReconnecting = syncOnReconnect(rep);
  let closing: Promise<void> | undefined;
  const closeStore = (keep: boolean) =>
    (closing ??= (async () => {
      stopWaitingForSignOut();
      stopFollowingProjects();
      stopFollowingHistories();
      stopFollowingRelations();
      projects.dispose();
      histories.dispose();
      stopPokes();
      stopReconnecting();
      tasks.close();
      if (keep) await persisting.flush();
      persisting.stop();
      await rep.close();
    })());
  const close = () => closeStore(true);
  // Sign-out closes the store before deleting its database: nothing to persist.
  const stopWaitingForSignOut = closeBeforeSignOut(() => closeStore(false));
  return { rep, tasks, sync, undo, projects, histories, close };
}

/** A pull asked of a store that has closed meanwhile fails with "Closed"; anything else is a bug. */
function ignoreWhenClosed(rep: Rep) {
  return (error: unknown) => {
    if (!rep.closed) throw error;
  };
}

/**
 * Starts opening the store of the person this browser last had signed in, while the page is
 * still asking the server for the session and fetching the screen's code: reading a
 * 10,000-task store from IndexedDB is the longest step of a reload, and it need not wait for
 * either. Nothing is shown from it until the session is confirmed (`takeStore`).
 */
export function openStoreEarly(userId: string): void {
  if (early) return;
  const store = openStore(userId);
  const timer = setTimeout(() => {
    if (early?.store !== store) return;
    early = undefined;
    void store.close();
  }, UNCLAIMED_MS);
  early = { userId, store, timer };
}

/**
 * The store of the signed-in person: the one opened early when it is theirs, else a new one.
 * The caller owns it and closes it.
 */
export function takeStore(userId: string): OpenStore {
  const claimed = early;
  early = undefined;
  if (claimed) {
    clearTimeout(claimed.timer);
    if (claimed.userId === userId && !claimed.store.rep.closed) return claimed.store;
    void claimed.store.close();
  }
  return openStore(userId);
}
