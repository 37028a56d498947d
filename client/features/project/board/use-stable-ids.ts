import { useMemo, useRef } from "react";

/**
 * The tasks' ids, as the same array for as long as they are the same ids in the same order.
 * An edit to one task's title gives a new list of tasks but not a new list of ids, so the
 * drag-and-drop context does not wake every card of the column.
 */
export function useStableIds(tasks: readonly { id: string }[]): string[] {
  const previous = useRef<string[]>([]);
  return useMemo(() => {
    const ids = tasks.map((task) => task.id);
    const last = previous.current;
    if (ids.length === last.length && ids.every((id, index) => id === last[index])) return last;
    previous.current = ids;
    return ids;
  }, [tasks]);
}
