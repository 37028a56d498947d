import { useState, type FocusEvent } from "react";
import type { TaskStatus } from "../../../../shared/entities.ts";
import { columnOf } from "../../../platform/sync/task-store.ts";
import { useShortcuts } from "../../../platform/shortcuts/use-shortcuts.ts";
import type { CardProperty } from "./card-property.ts";
import { cardAfter } from "./card-order.ts";
import type { Columns } from "../board/use-board-columns.ts";

const noSelection: ReadonlySet<string> = new Set();

/**
 * The board from the keyboard: `j`/`k` move the focus through the cards in reading order
 * (down a column, then on to the next), Enter opens the focused card, `x` selects it and
 * Escape clears the selection. The selection gets the bulk actions in a floating bar.
 *
 * While the peek panel shows a task, `j`/`k` show the next or previous one there instead
 * (the card is followed on the board, the focus stays in the panel).
 *
 * `s p a l d` on the focused card open its status, priority, assignee, labels or due date
 * choices (`openPicker`, which returns `false` when the role may not change it). The bulk bar
 * (a selection) and the peek bind the same keys for themselves, and win while they are up.
 */
export function useCardKeyboard(
  statuses: readonly TaskStatus[],
  columns: Columns,
  openTask: (taskId: string) => void,
  enabled: boolean,
  peek: { id: string | null; show: (taskId: string) => void },
  openPicker: (property: CardProperty, taskId: string) => boolean | void,
) {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [selectedIds, setSelectedIds] = useState(noSelection);

  // Only on `j`/`k`, and only as far as the focused card's column: a change to one card must
  // not walk all 10,000 of them.
  const moveFocus = (step: 1 | -1) => {
    const board = statuses.map((status) => columnOf(columns, status));
    const next = cardAfter(board, peek.id ?? focusedId, step);
    if (!next) return false;
    setFocusedId(next);
    if (peek.id !== null) peek.show(next);
    else focusCard(next);
  };

  const focusedCardHasFocus = () =>
    focusedId !== null && cardTitle(focusedId) === document.activeElement;

  const picker = (property: CardProperty) => () => {
    if (!focusedId || !focusedCardHasFocus() || peek.id !== null) return false;
    return openPicker(property, focusedId);
  };

  useShortcuts(
    enabled
      ? {
          taskStatus: picker("status"),
          taskPriority: picker("priority"),
          taskAssignee: picker("assignee"),
          taskLabels: picker("labels"),
          taskDueDate: picker("due"),
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

  return {
    step: moveFocus,
    focusedId,
    selectedIds,
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

/**
 * Keeps the focus on a card whose menu just closed: a card given a new status is drawn anew in
 * its new column a frame or two later, and the focus follows it there.
 */
export function refocusCard(taskId: string, attempt = 0) {
  const title = cardTitle(taskId);
  const active = document.activeElement;
  // Only while the focus is nowhere (the old card went) or still on this card.
  const lost =
    active === null || active === document.body || active.closest(`[data-task-id="${taskId}"]`);
  if (title && title !== active && lost) title.focus();
  if (attempt < FOCUS_ATTEMPTS) requestAnimationFrame(() => refocusCard(taskId, attempt + 1));
}

function cardTitle(taskId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-task-id="${taskId}"] .task-card-title`);
}
