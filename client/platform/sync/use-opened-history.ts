import { useEffect, useSyncExternalStore } from "react";
import { useOnline } from "../browser/use-online.ts";
import { useSync } from "./replicache-provider.tsx";
import { useTaskHistory } from "./store-hooks.ts";

type HistoryState = "held" | "loading" | "unavailable";

/**
 * Opens the task's history (its comments, activity, subscribers, files and description
 * document): it goes first in the store's list, and the store pulls at once if it is new there
 * (platform/sync/sync-scope.ts). Says whether the store holds it, is loading it, or, offline,
 * cannot; undefined until the store has answered.
 */
export function useOpenedHistory(taskId: string): HistoryState | undefined {
  const { histories, sync } = useSync();
  const held = useTaskHistory(taskId);
  const browserOnline = useOnline();
  const reachesServer = useSyncExternalStore(sync.subscribe, () => sync.get().online);

  useEffect(() => {
    histories.open(taskId);
  }, [histories, taskId]);

  if (held === undefined || held === "held") return held;
  return browserOnline && reachesServer ? "loading" : "unavailable";
}
