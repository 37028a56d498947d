import { Dialog as BaseDialog } from "@base-ui/react/dialog";
import { Link } from "@tanstack/react-router";
import { ChevronDown, ChevronUp, Link as LinkIcon, Maximize2, X } from "lucide-react";
import {
  memo,
  useCallback,
  useDeferredValue,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import type { Task } from "../../../../shared/entities.ts";
import { formatTaskKey } from "../../../../shared/task-key.ts";
import { TaskPresence } from "../../../platform/presence/present-people.tsx";
import { TaskActivity } from "../../../task-parts/task-activity.tsx";
import { TaskComments } from "../../../task-parts/task-comments.tsx";
import { HistoryNotHere, TaskHistoryLoading } from "../../../task-parts/task-history.tsx";
import { TaskSubscribers } from "../../../task-parts/task-subscribers.tsx";
import { TaskTitle } from "../../../task-parts/task-title.tsx";
import { memberNames } from "../../../lib/activity-text.ts";
import { TaskDescription } from "../../../task-parts/description/task-description.tsx";
import { useReportPresence } from "../../../platform/presence/presence-reporter.ts";
import { useShortcuts } from "../../../platform/shortcuts/use-shortcuts.ts";
import { useSync } from "../../../platform/sync/replicache-provider.tsx";
import { useOpenedHistory } from "../../../platform/sync/use-opened-history.ts";
import { IconButton } from "../../../ui/icon-button.tsx";
import { AssigneePicker } from "../../../ui/pickers/assignee-picker.tsx";
import { DueDatePicker } from "../../../ui/pickers/due-date-picker.tsx";
import { LabelsPicker } from "../../../ui/pickers/labels-picker.tsx";
import { PriorityPicker } from "../../../ui/pickers/priority-picker.tsx";
import { StatusPicker } from "../../../ui/pickers/status-picker.tsx";
import type { CardActions } from "../cards/card-actions.ts";
import type { CardContext } from "../cards/card-context.ts";
import type { CardProperty } from "../cards/card-property.ts";
import "../../../styles/task-peek.css";

type TaskPeekProps = {
  /** The task shown, or null when the panel is closed. */
  taskId: string | null;
  context: CardContext;
  actions: CardActions;
  /** The next and previous task of the board (`j`/`k`), or null at either end. */
  onStep: (step: 1 | -1) => void;
  onClose: () => void;
};

/**
 * The task beside the board, as Linear's peek: the board stays where it was (the address keeps
 * the board and adds `?peek=`), Esc closes, `j`/`k` go to the next and previous card, and
 * "Open full page" goes to the task's own route. A non-modal Base UI dialog: the board behind
 * stays usable, and clicking another card shows that one.
 */
export const TaskPeek = memo(function TaskPeek({
  taskId,
  context,
  actions,
  onStep,
  onClose,
}: TaskPeekProps) {
  const task = useStoredTask(context.projectId, taskId);
  const { workspaceId, projectId } = context;
  useReportPresence(task ? { workspaceId, projectId, taskId: task.id } : null);
  const popupRef = useRef<HTMLDivElement>(null);
  return (
    <BaseDialog.Root
      open={taskId !== null}
      modal={false}
      disablePointerDismissal
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <BaseDialog.Portal>
        {/* Focus goes to the peek itself, not its first button: a focused button shows its
            tooltip, and the first Esc would then close only the tooltip. */}
        <BaseDialog.Popup
          className="task-peek"
          ref={popupRef}
          tabIndex={-1}
          initialFocus={popupRef}
        >
          {task ? (
            <PeekContent task={task} context={context} actions={actions} onStep={onStep} />
          ) : (
            <>
              <BaseDialog.Title className="task-peek-missing">
                This task is not on the board any more.
              </BaseDialog.Title>
              <BaseDialog.Close render={<IconButton aria-label="Close" icon={<X />} size="sm" />} />
            </>
          )}
        </BaseDialog.Popup>
      </BaseDialog.Portal>
    </BaseDialog.Root>
  );
});

type PeekContentProps = {
  task: Task;
  context: CardContext;
  actions: CardActions;
  onStep: (step: 1 | -1) => void;
};

function PeekContent({ task, context, actions, onStep }: PeekContentProps) {
  const { can, workspaceId, projectId } = context;
  // The subscribers come with the task's history; opening the full page then finds it loaded.
  const history = useOpenedHistory(task.id);
  // The comments and activity follow a render behind: `j` paints the next task's title and
  // properties in its own frame, and its history in the next.
  const historyTask = useDeferredValue(task);
  const taskKey = formatTaskKey(context.projectKey, task.number);
  const members = useMemo(
    () =>
      [...context.membersById.values()].map((member) => ({
        id: member.id,
        name: member.name || member.email,
        image: member.image,
      })),
    [context.membersById],
  );
  const labels = useMemo(() => [...context.labelsById.values()], [context.labelsById]);
  const workspaceMembers = useMemo(() => [...context.membersById.values()], [context.membersById]);

  // `s p a l d` open the peek's pickers, as on the task page (they outrank the board's keys
  // for the focused card while the peek is open).
  const [openPicker, setOpenPicker] = useState<CardProperty | null>(null);
  const opener = (name: CardProperty, allowed: boolean) => () => {
    if (!allowed) return false;
    setOpenPicker(name);
  };
  useShortcuts({
    taskStatus: opener("status", can.update),
    taskPriority: opener("priority", can.update),
    taskAssignee: opener("assignee", can.assign),
    taskLabels: opener("labels", can.update),
    taskDueDate: opener("due", can.update),
  });
  const control = (name: CardProperty) => ({
    open: openPicker === name,
    onOpenChange: (open: boolean) => setOpenPicker(open ? name : null),
  });

  return (
    <>
      <header className="task-peek-header">
        <div className="task-peek-heading">
          <span className="task-peek-key">{taskKey}</span>
          <TaskPresence workspaceId={workspaceId} taskId={task.id} />
        </div>
        <div className="task-peek-tools">
          <IconButton
            aria-label="Previous task"
            shortcut={["K"]}
            icon={<ChevronUp />}
            size="sm"
            onClick={() => onStep(-1)}
          />
          <IconButton
            aria-label="Next task"
            shortcut={["J"]}
            icon={<ChevronDown />}
            size="sm"
            onClick={() => onStep(1)}
          />
          <IconButton
            aria-label="Copy link"
            icon={<LinkIcon />}
            size="sm"
            onClick={() => actions.copyLink(task)}
          />
          <Link
            className="ui-button task-peek-open"
            data-variant="ghost"
            data-size="sm"
            to="/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId"
            params={{ workspaceId, projectId, taskId: task.id }}
          >
            <Maximize2 aria-hidden />
            Open full page
          </Link>
          <BaseDialog.Close
            render={<IconButton aria-label="Close" shortcut={["Esc"]} icon={<X />} size="sm" />}
          />
        </div>
      </header>
      <div className="task-peek-body">
        <TaskTitle
          key={task.id}
          task={task}
          canEdit={can.update}
          className="task-peek-title"
          heading={peekHeading}
        />
        <div className="task-peek-properties" role="group" aria-label="Properties">
          <StatusPicker
            {...control("status")}
            value={task.status}
            statuses={context.statuses}
            disabled={!can.update}
            onChange={(status) => {
              const chosen = context.statusesById.get(status);
              if (chosen && chosen.id !== task.status) actions.setStatus(task, chosen.id);
            }}
          />
          <PriorityPicker
            {...control("priority")}
            value={task.priority}
            disabled={!can.update}
            onChange={(priority) => actions.update(task, { priority })}
          />
          <AssigneePicker
            {...control("assignee")}
            value={task.assigneeId}
            members={members}
            currentUserId={context.userId}
            disabled={!can.assign}
            onChange={(assigneeId) => actions.update(task, { assigneeId })}
          />
          <LabelsPicker
            {...control("labels")}
            value={task.labelIds}
            labels={labels}
            disabled={!can.update}
            onChange={(labelIds) => actions.update(task, { labelIds })}
          />
          <DueDatePicker
            {...control("due")}
            value={task.dueDate}
            today={context.today}
            disabled={!can.update}
            onChange={(dueDate) => actions.update(task, { dueDate })}
          />
        </div>
        {history === "held" && (
          <TaskSubscribers
            taskId={task.id}
            userId={context.userId}
            membersById={context.membersById}
          />
        )}
        <div className="task-peek-description">
          <TaskDescription task={task} canEdit={can.update} members={workspaceMembers} />
        </div>
        <PeekHistory key={historyTask.id} task={historyTask} context={context} />
      </div>
    </>
  );
}

/** The peek's title is the dialog's, which names it. */
const peekHeading = (props: { className: string; children: ReactNode }) => (
  <BaseDialog.Title {...props} />
);

/**
 * The task's comments (with the box to write one) and its activity, as on its page, or the
 * same placeholders while they load and offline.
 */
const PeekHistory = memo(function PeekHistory({
  task,
  context,
}: {
  task: Task;
  context: CardContext;
}) {
  const history = useOpenedHistory(task.id);
  const members = useMemo(() => [...context.membersById.values()], [context.membersById]);
  const nameOf = useMemo(() => memberNames(members), [members]);
  if (history === undefined || history === "loading") {
    return (
      <div className="task-peek-history">
        <TaskHistoryLoading />
      </div>
    );
  }
  return (
    // Esc in a comment box with text in it leaves the box, whose draft stays; Esc in an edit
    // puts the comment back (the box says it handled it). The next Esc closes the peek, as it
    // would have at once from an empty box. Esc that ends an IME composition stays in the box.
    <div
      className="task-peek-history"
      onKeyDown={(event) => {
        const field = event.target;
        if (event.key !== "Escape" || !(field instanceof HTMLElement)) return;
        // A comment box (rich text) or any plain field in the history.
        const text =
          field instanceof HTMLTextAreaElement
            ? field.value
            : field.isContentEditable
              ? (field.textContent ?? "")
              : null;
        if (text === null || event.nativeEvent.isComposing) return;
        if (!text && !event.defaultPrevented) return;
        event.stopPropagation();
        event.currentTarget.closest<HTMLElement>(".task-peek")?.focus();
      }}
    >
      {history === "unavailable" && <HistoryNotHere />}
      <TaskComments
        task={task}
        userId={context.userId}
        role={context.role}
        nameOf={nameOf}
        members={members}
        historyMissing={history === "unavailable"}
      />
      {history === "held" && <TaskActivity task={task} nameOf={nameOf} />}
    </div>
  );
});

/** The task as the board's store has it now, repainted when it changes. */
function useStoredTask(projectId: string, taskId: string | null): Task | undefined {
  const { tasks } = useSync();
  const subscribe = useCallback(
    (listener: () => void) => tasks.subscribe(projectId, listener),
    [tasks, projectId],
  );
  return useSyncExternalStore(subscribe, () =>
    taskId === null ? undefined : tasks.findTask(projectId, taskId),
  );
}
