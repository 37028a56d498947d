import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { defaultRangeExtractor, useVirtualizer, type Range } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useRef } from "react";
import type { Task, TaskStatus } from "../../../shared/entities.ts";
import type { WorkflowStatus } from "../../../shared/statuses.ts";
import { StatusIcon } from "../../ui/status-icon.tsx";
import { AddTask } from "./add-task.tsx";
import type { CardContext } from "./card-context.ts";
import { TaskCard } from "./task-card.tsx";
import type { CardActions } from "./card-actions.ts";
import type { NewTask } from "./use-task-actions.ts";
import type { CardLinks } from "./use-card-links.ts";
import { useStableIds } from "./use-stable-ids.ts";

/** What a column's droppable carries: a drop on the column itself lands at its bottom. */
export type ColumnDropData = { type: "column"; status: TaskStatus };

/** Where a card dragged from another column would land: shown as a highlight and a line. */
export type DropTarget = { status: TaskStatus; taskId: string | null; side: "before" | "after" };

export const columnDropId = (status: TaskStatus) => `column:${status}`;

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

/**
 * One status column. Only the cards in view (and a few around them) are in the page, so a
 * column of 10,000 tasks scrolls and drags as lightly as one of ten.
 */
export const BoardColumn = memo(function BoardColumn(props: BoardColumnProps) {
  const { status, tasks, total, context, filtered, activeId, dropTarget, actions, onCreate } =
    props;
  const { focusedId, selectedIds, sortable, onArm, progress, links } = props;
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
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize,
    getItemKey,
    gap: 6,
    // A few cards beyond the edges: while dragging, dnd-kit repaints every mounted card when
    // cards come and go.
    overscan: 3,
    rangeExtractor,
  });
  const headingId = `column-${status.id}-heading`;

  // A card reached from the keyboard may be scrolled out of the page: bring it in.
  const focusedIndex = focusedId === null ? -1 : ids.indexOf(focusedId);
  useEffect(() => {
    if (focusedIndex >= 0) virtualizer.scrollToIndex(focusedIndex, { align: "auto" });
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
          <SortableContext id={status.id} items={ids} strategy={verticalListSortingStrategy}>
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
