import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { startUploader } from "../upload-queue.ts";
import type { UndoHistory } from "../undo/undo-history.ts";
import type { Rep } from "./create-replicache.ts";
import type { OpenedList } from "./sync-scope.ts";
import { takeStore } from "./open-store.ts";
import type { SyncState } from "./sync-state.ts";
import type { TaskStore } from "./task-store.ts";
import { useRefusalNotices } from "./use-refusal-notices.ts";

type SyncContext = {
  rep: Rep;
  tasks: TaskStore;
  sync: SyncState;
  undo: UndoHistory;
  projects: OpenedList;
  histories: OpenedList;
};

const Context = createContext<SyncContext | null>(null);

/**
 * Opens the signed-in person's store for everything below it (or takes the one the page
 * started opening early), and closes it on sign-out or when another person signs in.
 */
export function ReplicacheProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [sync, setSync] = useState<SyncContext | null>(null);

  useEffect(() => {
    const { rep, tasks, sync, undo, projects, histories, close } = takeStore(userId);
    setSync({ rep, tasks, sync, undo, projects, histories });
    // Files kept while offline (or cut short by a reload) go on uploading.
    const stopUploads = startUploader(userId, rep);
    return () => {
      stopUploads();
      setSync(null);
      void close();
    };
  }, [userId]);

  if (!sync) return null;
  return (
    <Context.Provider value={sync}>
      <RefusalNotices rep={sync.rep} userId={userId} />
      {children}
    </Context.Provider>
  );
}

function RefusalNotices({ rep, userId }: { rep: Rep; userId: string }) {
  useRefusalNotices(rep, userId);
  return null;
}

export function useSync(): SyncContext {
  const sync = useContext(Context);
  if (!sync) throw new Error("useSync() needs a <ReplicacheProvider> above it");
  return sync;
}

export function useRep(): Rep {
  return useSync().rep;
}
