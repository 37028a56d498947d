import type { DraggableAttributes, DraggableSyntheticListeners } from "@dnd-kit/core";
import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Link } from "@tanstack/react-router";
import { memo, useMemo } from "react";
import type { Task } from "../../../shared/entities.ts";
import type { CardContext } from "./card-context.ts";
import { MoveMenu } from "./move-menu.tsx";
import { TaskAssignee, TaskDueDate, TaskKey, TaskLabels, TaskPriorityBadge } from "./task-meta.tsx";
import type { MoveTask } from "./use-task-actions.ts";

/** What a card's droppable carries, for the board's drop logic. */
export type CardDropData = { type: "task"; status: Task["status"] };

type SortableTaskCardProps = {
  task: Task;
  context: CardContext;
  onMove: MoveTask;
  /** A card dragged in from another column will land on this side of this card. */
  dropSide: "before" | "after" | null;
  /** Picked with `x`. */
  selected: boolean;
};

/**
 * A card on the board. The whole card drags with a pointer; from the keyboard its handle
 * picks it up (Space), arrows move it, Space drops it. Clicking the card opens the task.
 */
export const SortableTaskCard = memo(function SortableTaskCard(props: SortableTaskCardProps) {
  const { task, context, onMove, dropSide, selected } = props;
  const data: CardDropData = useMemo(() => ({ type: "task", status: task.status }), [task.status]);
  const sortable = useSortable({ id: task.id, data });
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition } =
    sortable;

  return (
    <div
      ref={setNodeRef}
      className="board-card-slot"
      data-drop-side={dropSide ?? undefined}
      data-dragging={sortable.isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <CardArticle
        task={task}
        context={context}
        onMove={onMove}
        selected={selected}
        listeners={listeners}
        attributes={attributes}
        setActivatorNodeRef={setActivatorNodeRef}
      />
    </div>
  );
});

type CardArticleProps = {
  task: Task;
  context: CardContext;
  onMove: MoveTask;
  selected: boolean;
  listeners: DraggableSyntheticListeners;
  attributes: DraggableAttributes;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
};

/**
 * The card inside its sortable slot. dnd-kit repaints every sortable card of a column when one
 * card of it moves (and every card of the board when cards enter or leave the page); the slot
 * takes its new offset, and this part, unchanged, is skipped.
 */
const CardArticle = memo(function CardArticle(props: CardArticleProps) {
  const { task, context, onMove, selected, listeners, attributes, setActivatorNodeRef } = props;
  return (
    <article
      className="task-card"
      data-task-id={task.id}
      data-selected={selected || undefined}
      {...listeners}
    >
      <TaskCardBody task={task} context={context} />
      {selected && <span className="visually-hidden">Selected</span>}
      <div className="task-card-actions">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="card-action drag-handle"
          {...attributes}
          aria-label={`Drag ${task.title}`}
          title="Drag to move (Space to pick up with the keyboard)"
        >
          <span aria-hidden="true">⠿</span>
        </button>
        <MoveMenu taskId={task.id} title={task.title} onMove={onMove} />
      </div>
    </article>
  );
});

type TaskCardBodyProps = {
  task: Task;
  context: CardContext;
  /** False for the copy that follows the pointer while dragging. */
  linked?: boolean;
};

/** The card's content: repaints only when its task or the board's shared context changes. */
export const TaskCardBody = memo(function TaskCardBody({
  task,
  context,
  linked = true,
}: TaskCardBodyProps) {
  const { workspaceId, projectId } = context;
  return (
    <>
      <div className="task-card-top">
        <TaskKey task={task} context={context} />
        <TaskPriorityBadge task={task} context={context} />
      </div>
      {linked ? (
        <Link
          className="task-card-title"
          to="/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId"
          params={{ workspaceId, projectId, taskId: task.id }}
        >
          {task.title}
        </Link>
      ) : (
        <span className="task-card-title">{task.title}</span>
      )}
      <div className="task-card-meta">
        <TaskDueDate task={task} context={context} />
        <TaskLabels task={task} context={context} />
        <TaskAssignee task={task} context={context} />
      </div>
    </>
  );
});
