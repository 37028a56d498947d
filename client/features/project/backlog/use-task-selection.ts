import { useCallback, useMemo, useState } from "react";

/**
 * The backlog's selection, as in a file manager: a click toggles one row and becomes the
 * anchor; a shift-click selects every row from the anchor to the clicked one. Ids of rows
 * that left the list (moved to the board, deleted by someone else) drop out on their own.
 */
export function useTaskSelection(orderedIds: readonly string[]) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [anchor, setAnchor] = useState<string | null>(null);

  const selected = useMemo(() => {
    const visible = new Set(orderedIds);
    return new Set([...chosen].filter((id) => visible.has(id)));
  }, [chosen, orderedIds]);

  const click = useCallback(
    (id: string, withShift: boolean) => {
      const from = anchor === null ? -1 : orderedIds.indexOf(anchor);
      const to = orderedIds.indexOf(id);
      if (withShift && from >= 0 && to >= 0) {
        const range = orderedIds.slice(Math.min(from, to), Math.max(from, to) + 1);
        setChosen((current) => new Set([...current, ...range]));
        return;
      }
      setChosen((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      });
      setAnchor(id);
    },
    [anchor, orderedIds],
  );

  const allSelected = orderedIds.length > 0 && selected.size === orderedIds.length;

  const toggleAll = useCallback(() => {
    setChosen(allSelected ? new Set() : new Set(orderedIds));
  }, [allSelected, orderedIds]);

  const clear = useCallback(() => setChosen(new Set()), []);

  return { selected, allSelected, click, toggleAll, clear };
}
