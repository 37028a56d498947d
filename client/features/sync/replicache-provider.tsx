import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { closeBeforeSignOut } from "../../lib/sign-out.ts";
import { createReplicache, type Rep } from "./create-replicache.ts";
import { persistPromptly } from "./persist-promptly.ts";
import { listenForPokes } from "./poke.ts";
import { syncOnReconnect } from "./sync-on-reconnect.ts";
import { TaskStore } from "./task-store.ts";
import { useRefusalNotices } from "./use-refusal-notices.ts";

type SyncContext = { rep: Rep; tasks: TaskStore };

const Context = createContext<SyncContext | null>(null);

/**
 * Opens the signed-in person's store for everything below it, keeps it live with pokes, and
 * closes it on sign-out or when another person signs in.
 */
export function ReplicacheProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [sync, setSync] = useState<SyncContext | null>(null);

  useEffect(() => {
    const rep = createReplicache(userId, () => {
      toast.info("A new version of Tasks is available", {
        duration: Infinity,
        action: { label: "Reload", onClick: () => window.location.reload() },
      });
    });
    const tasks = new TaskStore(rep);
    const stopPokes = listenForPokes(() => void rep.pull());
    const stopPersisting = persistPromptly(rep);
    const stopReconnecting = syncOnReconnect(rep);
    let closing: Promise<void> | undefined;
    // Sign-out closes the store before deleting its database; unmounting closes it too.
    const close = () =>
      (closing ??= (async () => {
        stopPokes();
        stopPersisting();
        stopReconnecting();
        tasks.close();
        await rep.close();
      })());
    const stopWaitingForSignOut = closeBeforeSignOut(close);
    setSync({ rep, tasks });
    return () => {
      stopWaitingForSignOut();
      setSync(null);
      void close();
    };
  }, [userId]);

  if (!sync) return null;
  return (
    <Context.Provider value={sync}>
      <RefusalNotices rep={sync.rep} />
      {children}
    </Context.Provider>
  );
}

function RefusalNotices({ rep }: { rep: Rep }) {
  useRefusalNotices(rep);
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
