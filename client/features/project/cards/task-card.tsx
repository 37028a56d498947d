import type { DraggableSyntheticListeners } from "@dnd-kit/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import {
  memo,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  type TouchEvent,
} from "react";
import { flushSync } from "react-dom";
import type { Task, TaskStatus } from "../../../../shared/entities.ts";
import { CardPresence } from "../../../platform/presence/present-people.tsx";
import type { CardContext } from "./card-context.ts";
import { taskPath, type CardActions } from "./card-actions.ts";
import { CardMenu } from "./card-menu.tsx";
import {
  isDone,
  TaskAssignee,
  TaskBlocked,
  TaskDueDate,
  TaskKey,
  TaskLabels,
  TaskPriorityBadge,
  TaskStatusIcon,
  TaskSubtaskProgress,
  type SubtaskCount,
} from "./task-meta.tsx";
import { clickEndsADrag } from "../board/drag-click-guard.ts";

/** What a card's droppable carries, for the board's drop logic. */
export type CardDropData = { type: "task"; status: Task["status"] };

/** The board's DndContext id, which dnd-kit also gives its hidden dragging instructions. */
export const dragInstructionsId = "board-drag-instructions";

/** A card's links to other tasks (use-card-links.ts): its own figures, so memo holds. */
type CardLinkProps = {
  /** A parent's sub-tasks done of all; undefined for a task without sub-tasks. */
  subtasks?: SubtaskCount | undefined;
  /** Blocked by a task that is not done. */
  blocked?: boolean;
};

type TaskCardProps = CardLinkProps & {
  task: Task;
  context: CardContext;
  actions: CardActions;
  /** A card dragged in from another column will land on this side of this card. */
  dropSide: "before" | "after" | null;
  /** Picked with `x`. */
  selected: boolean;
  /** Whether the card is one of dnd-kit's sortables now (see `TaskCard`). */
  sortable: boolean;
  /** Makes the cards of a column sortable, before its press is handed to dnd-kit. */
  onArm: (status: TaskStatus) => void;
};

/**
 * A card on the board. The whole card drags with a pointer; from the keyboard its handle
 * picks it up (Space), arrows move it, Space drops it. Clicking the card opens the task.
 *
 * dnd-kit repaints every sortable of a column when the column's items change, and every
 * sortable of the board when one registers or leaves (as cards scroll in and out, or a card
 * moves to another column), so a card is a sortable only while its column is pressed or a card
 * is dragged. An idle card's press first makes its column sortable, synchronously, then goes
 * to dnd-kit as if the card had been sortable all along. The sortable part is a sibling of the
 * card's content, never its parent: arming keeps the card's elements (the link pressed, the
 * focused handle) in the page.
 */
export const TaskCard = memo(function TaskCard(props: TaskCardProps) {
  const { task, context, actions, dropSide, selected, sortable, onArm, subtasks, blocked } = props;
  const slot = useRef<HTMLDivElement>(null);
  const handle = useRef<HTMLButtonElement>(null);
  const listeners = useRef<DraggableSyntheticListeners>(undefined);
  const status = task.status;

  const onPointerDown = useCallback(
    (event: PointerEvent) => {
      // The card menu is portalled out of the card, but React still bubbles its events here:
      // a press in the menu must not make the column sortable (that cost a click a frame).
      if (!inCard(event)) return;
      if (!listeners.current) {
        if (!event.isPrimary || event.button !== 0) return;
        flushSync(() => onArm(status));
      }
      listeners.current?.onPointerDown?.(event);
    },
    [onArm, status],
  );

  // A finger's press armed the column on pointerdown, just before this.
  const onTouchStart = useCallback((event: TouchEvent) => {
    if (inCard(event)) listeners.current?.onTouchStart?.(event);
  }, []);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (!listeners.current) {
        // dnd-kit's keyboard sensor starts on these keys, from the handle only.
        if (event.target !== handle.current || !["Space", "Enter"].includes(event.code)) return;
        flushSync(() => onArm(status));
      }
      listeners.current?.onKeyDown?.(event);
    },
    [onArm, status],
  );

  return (
    <div ref={slot} className="board-card-slot" data-drop-side={dropSide ?? undefined}>
      {sortable && (
        <SortableBinding
          id={task.id}
          status={status}
          slot={slot}
          handle={handle}
          listeners={listeners}
        />
      )}
      <CardArticle
        task={task}
        context={context}
        actions={actions}
        subtasks={subtasks}
        blocked={blocked}
        selected={selected}
        handle={handle}
        onPointerDown={onPointerDown}
        onTouchStart={onTouchStart}
        onKeyDown={onKeyDown}
      />
    </div>
  );
});

/** Whether the event happened in the card's own elements, not in a menu portalled from it. */
function inCard(event: PointerEvent | TouchEvent): boolean {
  return event.target instanceof Node && event.currentTarget.contains(event.target);
}

type SortableBindingProps = {
  id: string;
  status: TaskStatus;
  slot: RefObject<HTMLDivElement | null>;
  handle: RefObject<HTMLButtonElement | null>;
  listeners: { current: DraggableSyntheticListeners };
};

/**
 * The card as one of dnd-kit's sortables. It renders nothing: it points dnd-kit at the card's
 * elements and writes the offsets dnd-kit gives it onto the card's slot, as dnd-kit's own
 * examples do through `style`, so that the card's content is not repainted for them.
 */
function SortableBinding({ id, status, slot, handle, listeners }: SortableBindingProps) {
  const data: CardDropData = useMemo(() => ({ type: "task", status }), [status]);
  const sortable = useSortable({ id, data });
  const { setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = sortable;

  useLayoutEffect(() => {
    setNodeRef(slot.current);
    setActivatorNodeRef(handle.current);
  }, [setNodeRef, setActivatorNodeRef, slot, handle]);

  useLayoutEffect(() => {
    listeners.current = sortable.listeners;
  }, [listeners, sortable.listeners]);
  useLayoutEffect(() => () => void (listeners.current = undefined), [listeners]);

  useLayoutEffect(() => {
    const element = slot.current;
    const button = handle.current;
    if (!element) return;
    element.style.transform = CSS.Translate.toString(transform) ?? "";
    element.style.transition = transition ?? "";
    element.toggleAttribute("data-dragging", isDragging);
    if (isDragging) button?.setAttribute("aria-pressed", "true");
    else button?.removeAttribute("aria-pressed");
  }, [slot, handle, transform, transition, isDragging]);
  useLayoutEffect(
    () => () => {
      const element = slot.current;
      if (!element) return;
      element.style.transform = "";
      element.style.transition = "";
      element.removeAttribute("data-dragging");
      handle.current?.removeAttribute("aria-pressed");
    },
    [slot, handle],
  );
  return null;
}

type CardArticleProps = CardLinkProps & {
  task: Task;
  context: CardContext;
  actions: CardActions;
  selected: boolean;
  handle: RefObject<HTMLButtonElement | null>;
  onPointerDown: (event: PointerEvent) => void;
  onTouchStart: (event: TouchEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
};

/** The card inside its slot: repainted only when its task, its selection or the board's context changes. */
const CardArticle = memo(function CardArticle(props: CardArticleProps) {
  const { task, context, actions, selected, handle, onPointerDown, onTouchStart, onKeyDown } =
    props;
  const { subtasks, blocked } = props;
  return (
    <article
      className="task-card"
      data-task-id={task.id}
      data-selected={selected || undefined}
      data-done={isDone(task, context)}
      onPointerDown={onPointerDown}
      onTouchStart={onTouchStart}
      onKeyDown={onKeyDown}
    >
      <TaskCardBody
        task={task}
        context={context}
        subtasks={subtasks}
        blocked={blocked}
        onPeek={actions.peek}
      />
      {selected && <span className="visually-hidden">Selected</span>}
      <CardPresence
        className="task-card-presence"
        workspaceId={context.workspaceId}
        taskId={task.id}
      />
      <div className="task-card-actions">
        <button
          ref={handle}
          type="button"
          className="card-action drag-handle"
          aria-roledescription="sortable"
          aria-describedby={dragInstructionsId}
          aria-label={`Drag ${task.title}`}
          title="Drag to move (Space to pick up with the keyboard)"
        >
          ⠿
        </button>
        <CardMenu task={task} context={context} actions={actions} leavesOnMove />
      </div>
    </article>
  );
});

type TaskCardBodyProps = CardLinkProps & {
  task: Task;
  context: CardContext;
  /**
   * A plain click on the title opens the peek; a modified or middle click follows its link to
   * the task's page, as a link does. Without it (the copy that follows the pointer while
   * dragging) the title is no link.
   */
  onPeek?: (taskId: string) => void;
};

/**
 * The card's content: repaints only when its task or the board's shared context changes. The
 * title is a plain link: a plain click never navigates (it opens the peek), and the router's
 * Link was a score of hooks on each of a board's cards.
 */
export const TaskCardBody = memo(function TaskCardBody({
  task,
  context,
  subtasks,
  blocked = false,
  onPeek,
}: TaskCardBodyProps) {
  return (
    <>
      <div className="task-card-top">
        <TaskKey task={task} context={context} />
      </div>
      <div className="task-card-heading">
        <TaskStatusIcon task={task} context={context} />
        {onPeek ? (
          <a
            className="task-card-title"
            href={taskPath(task, context.workspaceId)}
            onClick={(event) => {
              if (clickEndsADrag()) {
                event.preventDefault();
                return;
              }
              if (event.button !== 0) return;
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              event.preventDefault();
              onPeek(task.id);
            }}
          >
            {task.title}
          </a>
        ) : (
          <span className="task-card-title">{task.title}</span>
        )}
      </div>
      <div className="task-card-meta">
        <TaskBlocked blocked={blocked} />
        <TaskPriorityBadge task={task} context={context} />
        <TaskDueDate task={task} context={context} />
        <TaskSubtaskProgress count={subtasks} />
        <TaskLabels task={task} context={context} />
        <TaskAssignee task={task} context={context} />
      </div>
    </>
  );
});
