import { useMemo, useState, type FocusEvent } from "react";
import type { Task, TaskStatus } from "../../../shared/entities.ts";
import { useShortcuts } from "../../platform/shortcuts/use-shortcuts.ts";

const noSelection: ReadonlySet<string> = new Set();

/**
 * The board from the keyboard: `j`/`k` move the focus through the cards in reading order
 * (down a column, then on to the next), Enter opens the focused card, `x` selects it and
 * Escape clears the selection. Selection is shown and counted; it has no bulk action yet.
 */
export function useCardKeyboard(
  statuses: readonly TaskStatus[],
  columns: Record<TaskStatus, readonly Task[]>,
  openTask: (taskId: string) => void,
  enabled: boolean,
) {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [selectedIds, setSelectedIds] = useState(noSelection);

  // Only on `j`/`k`: a change to one card must not walk all 10,000 of them.
  const moveFocus = (step: 1 | -1) => {
    const order = statuses.flatMap((status) => columns[status].map((task) => task.id));
    if (order.length === 0) return false;
    const index = focusedId === null ? -1 : order.indexOf(focusedId);
    const next =
      index < 0
        ? order[step > 0 ? 0 : order.length - 1]
        : order[Math.min(Math.max(index + step, 0), order.length - 1)];
    if (!next) return false;
    setFocusedId(next);
    focusCard(next);
  };

  const focusedCardHasFocus = () =>
    focusedId !== null && cardTitle(focusedId) === document.activeElement;

  useShortcuts(
    enabled
      ? {
          nextCard: () => moveFocus(1),
          previousCard: () => moveFocus(-1),
          openCard: () => {
            if (!focusedId || !focusedCardHasFocus()) return false;
            openTask(focusedId);
          },
          selectCard: () => {
            if (!focusedId) return false;
            setSelectedIds((current) => {
              const next = new Set(current);
              if (!next.delete(focusedId)) next.add(focusedId);
              return next;
            });
          },
          clearSelection: () => {
            if (selectedIds.size === 0) return false;
            setSelectedIds(noSelection);
          },
        }
      : {},
  );

  /** A card focused by Tab or a click: `j` goes on from there. */
  const onFocus = (event: FocusEvent) => {
    const card = event.target instanceof Element ? event.target.closest("[data-task-id]") : null;
    const id = card?.getAttribute("data-task-id");
    if (id) setFocusedId(id);
  };

  // The picked cards still on the board (a filter or another person may have taken some away).
  const selectedCount = useMemo(() => {
    if (selectedIds.size === 0) return 0;
    const shown = new Set(statuses.flatMap((status) => columns[status].map((task) => task.id)));
    return [...selectedIds].filter((id) => shown.has(id)).length;
  }, [selectedIds, statuses, columns]);
  return {
    focusedId,
    selectedIds,
    selectedCount,
    onFocus,
    clearSelection: () => setSelectedIds(noSelection),
  };
}

/** How long to wait for a card scrolled into view to be rendered: about 10 frames. */
const FOCUS_ATTEMPTS = 10;

/**
 * Focuses a card's link once it is in the page: a card outside the rendered rows appears a
 * frame or two after its column scrolls to it. Only a key press moves the focus, never a
 * card that merely scrolls back into view.
 */
function focusCard(taskId: string, attempt = 0) {
  const title = cardTitle(taskId);
  if (title) title.focus();
  else if (attempt < FOCUS_ATTEMPTS) requestAnimationFrame(() => focusCard(taskId, attempt + 1));
}

function cardTitle(taskId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-task-id="${taskId}"] .task-card-title`);
}
