import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import {
  defaultRangeExtractor,
  measureElement,
  useVirtualizer,
  type Range,
  type Virtualizer,
} from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useRef } from "react";
import type { Task, TaskStatus } from "../../../../shared/entities.ts";
import type { WorkflowStatus } from "../../../../shared/statuses.ts";
import { StatusIcon } from "../../../ui/status-icon.tsx";
import { AddTask } from "./add-task.tsx";
import type { CardContext } from "../cards/card-context.ts";
import { TaskCard } from "../cards/task-card.tsx";
import type { CardActions } from "../cards/card-actions.ts";
import type { NewTask } from "../cards/use-task-actions.ts";
import type { CardLinks } from "../cards/use-card-links.ts";
import { useStableIds } from "./use-stable-ids.ts";

/** What a column's droppable carries: a drop on the column itself lands at its bottom. */
export type ColumnDropData = { type: "column"; status: TaskStatus };

/** Where a card dragged from another column would land: shown as a highlight and a line. */
export type DropTarget = { status: TaskStatus; taskId: string | null; side: "before" | "after" };

const columnDropId = (status: TaskStatus) => `column:${status}`;

/** A card's height by its task's id, shared by the board's columns. */
export type CardHeights = Map<string, number>;

type BoardColumnProps = {
  /** The column's status, from the project's list. */
  status: WorkflowStatus;
  /** How full its icon's circle is (started statuses), from its place in that list. */
  progress: number;
  tasks: readonly Task[];
  /** How many tasks the column has with no filter. */
  total: number;
  context: CardContext;
  /** Sub-task progress and blocked state, for the whole project (each card takes its own). */
  links: CardLinks;
  filtered: boolean;
  /** The cards' heights by task id, as any column of the board last measured them. */
  heights: CardHeights;
  /** The card being dragged, kept rendered even when scrolled out of view. */
  activeId: string | null;
  /** Whether the column's cards are dnd-kit sortables now: pressed, or a card is dragged. */
  sortable: boolean;
  onArm: (status: TaskStatus) => void;
  dropTarget: DropTarget | null;
  /** The card reached with `j`/`k`, when it is in this column. */
  focusedId: string | null;
  selectedIds: ReadonlySet<string>;
  actions: CardActions;
  onCreate: (task: NewTask) => void;
};

type ColumnVirtualizer = Virtualizer<HTMLDivElement, Element>;

/**
 * The sortable items of a column whose cards are idle (not pressed, nothing dragged): none.
 * dnd-kit walks a column's items (and their places) whenever they change, which a move or a
 * new card would otherwise cost twice, for both columns, in the click's frame.
 */
const idle: string[] = [];

/** The column's padding above its first card, and a little more: a card this near the edge is
 * scrolled fully into view. */
const VIEW_MARGIN = 8;

/** Where the column's view ends, in the list's coordinates, from the virtualizer's last reading. */
function viewEnd(virtualizer: ColumnVirtualizer): number {
  return (virtualizer.scrollOffset ?? 0) + (virtualizer.scrollRect?.height ?? 0);
}

/**
 * One status column. Only the cards in view (and a few around them) are in the page, so a
 * column of 10,000 tasks scrolls and drags as lightly as one of ten.
 */
export const BoardColumn = memo(function BoardColumn(props: BoardColumnProps) {
  const { status, tasks, total, context, filtered, activeId, dropTarget, actions, onCreate } =
    props;
  const { focusedId, selectedIds, sortable, onArm, progress, links, heights } = props;
  const data: ColumnDropData = { type: "column", status: status.id };
  const { setNodeRef } = useDroppable({ id: columnDropId(status.id), data });
  const ids = useStableIds(tasks);
  const scroller = useRef<HTMLDivElement>(null);
  const compact = context.preferences.compactMode;

  const activeIndex = activeId === null ? -1 : ids.indexOf(activeId);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeIndex < 0 || indexes.includes(activeIndex)) return indexes;
      return [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );

  // The same functions while the ids are the same: the virtualizer measures all the column's
  // rows again (10,000 map look-ups) whenever its key function changes.
  const estimateSize = useCallback(() => (compact ? 60 : 92), [compact]);
  const getItemKey = useCallback((index: number) => ids[index] ?? index, [ids]);
  // Measuring a card that has just been added asks the browser for a layout in the middle of
  // the commit. A card that comes in from another column (a move, a new status) keeps the
  // height it had there, and a card added below the view (the column's next card, after one
  // above it left) takes the estimate: the resize observer measures both after the frame's own
  // layout and corrects a height that differs. Only a new card in view is measured at once.
  const measure = useCallback(
    (element: Element, entry: ResizeObserverEntry | undefined, instance: ColumnVirtualizer) => {
      const index = instance.indexFromElement(element);
      const id = String(instance.options.getItemKey(index));
      if (entry === undefined) {
        const known = heights.get(id) ?? instance.itemSizeCache.get(id);
        if (known !== undefined) return known;
        const item = instance.measurementsCache[index];
        if (item && instance.scrollRect && item.start > viewEnd(instance)) return item.size;
      }
      const height = measureElement(element, entry, instance);
      heights.set(id, height);
      return height;
    },
    [heights],
  );
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    measureElement: measure,
    gap: 6,
    // A few cards beyond the edges: while dragging, dnd-kit repaints every mounted card when
    // cards come and go.
    overscan: 3,
    rangeExtractor,
  });
  const headingId = `column-${status.id}-heading`;

  // A card reached from the keyboard may be scrolled out of the page: bring it in. A card in
  // view is left alone, without asking the browser where the column's end is (a layout).
  const focusedIndex = focusedId === null ? -1 : ids.indexOf(focusedId);
  useEffect(() => {
    if (focusedIndex < 0) return;
    const item = virtualizer.measurementsCache[focusedIndex];
    const top = virtualizer.scrollOffset ?? 0;
    const inView = item && item.start >= top && item.end + VIEW_MARGIN <= viewEnd(virtualizer);
    if (inView && virtualizer.scrollRect) return;
    virtualizer.scrollToIndex(focusedIndex, { align: "auto" });
  }, [focusedIndex, virtualizer]);

  return (
    <section
      ref={setNodeRef}
      className="board-column"
      data-status={status.id}
      data-category={status.category}
      data-drop-target={dropTarget !== null || undefined}
      aria-labelledby={headingId}
    >
      <header className="board-column-header">
        <StatusIcon
          category={status.category}
          color={status.color}
          icon={status.icon}
          progress={progress}
        />
        <h2 id={headingId}>{status.name}</h2>
        <span className="board-column-count" aria-label={`${tasks.length} tasks`}>
          {filtered && tasks.length !== total ? `${tasks.length} / ${total}` : tasks.length}
        </span>
      </header>
      <div ref={scroller} className="board-column-scroll">
        {tasks.length === 0 ? (
          <p className="board-column-empty">
            {filtered && total > 0
              ? "No tasks here match the filters."
              : "No tasks yet — add one with + Add task."}
          </p>
        ) : (
          <SortableContext
            id={status.id}
            items={sortable ? ids : idle}
            strategy={verticalListSortingStrategy}
          >
            <ol className="board-cards" style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((item) => {
                const task = tasks[item.index];
                if (!task) return null;
                return (
                  <li
                    key={item.key}
                    ref={virtualizer.measureElement}
                    data-index={item.index}
                    className="board-card-row"
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    <TaskCard
                      task={task}
                      context={context}
                      actions={actions}
                      subtasks={links.progress.get(task.id)}
                      blocked={links.blocked.has(task.id)}
                      dropSide={dropTarget?.taskId === task.id ? dropTarget.side : null}
                      selected={selectedIds.has(task.id)}
                      sortable={sortable}
                      onArm={onArm}
                    />
                  </li>
                );
              })}
            </ol>
          </SortableContext>
        )}
      </div>
      <footer className="board-column-footer">
        <AddTask status={status.id} name={status.name} onCreate={onCreate} />
      </footer>
    </section>
  );
});
