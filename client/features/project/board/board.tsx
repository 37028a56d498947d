import { createLazyRoute, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { Plus, SquareKanban } from "lucide-react";
import { Fragment, Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { Project, Task } from "../../../../shared/entities.ts";
import { boardStatuses, isDoneCategory } from "../../../../shared/statuses.ts";
import { canPerform } from "../../../../shared/sync-permissions.ts";
import { ProjectNotHere } from "../../../ui/not-here.tsx";
import { ScreenSkeleton } from "../../../ui/screen-skeletons.tsx";
import { ProjectHeader } from "../project-header.tsx";
import { useSession } from "../../../platform/session/session-store.ts";
import { usePreferences } from "../../../platform/preferences/use-preferences.ts";
import { useReportPresence } from "../../../platform/presence/presence-reporter.ts";
import { keyLabels, shortcutList } from "../../../platform/shortcuts/shortcut-list.ts";
import { isMac, useShortcuts } from "../../../platform/shortcuts/use-shortcuts.ts";
import { useProjectStatuses } from "../../../platform/statuses.ts";
import {
  useLabels,
  useMembers,
  useProject,
  useProjectColumns,
  useWorkspace,
} from "../../../platform/sync/store-hooks.ts";
import { useAbsence } from "../../../platform/sync/use-absence.ts";
import { Button } from "../../../ui/button.tsx";
import { EmptyState } from "../../../ui/empty-state.tsx";
import { Kbd } from "../../../ui/kbd.tsx";
import { BoardFilters } from "../filters/board-filters.tsx";
import { hasFilters, type BoardSearch } from "../filters/board-search.ts";
import { BoardView } from "./board-view.tsx";
import { useCardActions } from "../cards/card-actions.ts";
import { useCardContext } from "../cards/card-context.ts";
import { canChange, CardPropertyMenu } from "../cards/card-menu.tsx";
import type { CardProperty } from "../cards/card-property.ts";
import { ListView } from "../list/list-view.tsx";
import { useBoardColumns, useFilters } from "./use-board-columns.ts";
import { useCardLinks } from "../cards/use-card-links.ts";
import { refocusCard, useCardKeyboard } from "../cards/use-card-keyboard.ts";
import {
  CreateTaskDialog,
  DeleteTaskDialog,
  SelectionBar,
  preloadLaterParts,
  TaskPeek,
  useWantedOnce,
} from "../later-parts.tsx";
import { useTaskActions } from "../cards/use-task-actions.ts";
import { useToday } from "../../../platform/browser/use-today.ts";
import "../../../styles/board.css";

// Board and list are one screen at two addresses: the address decides which view shows.
const routeIds = {
  board: "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/board",
  list: "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/list",
} as const;
const paths = {
  board: "/dashboard/workspace/$workspaceId/project/$projectId/board",
  list: "/dashboard/workspace/$workspaceId/project/$projectId/list",
} as const;
type View = keyof typeof routeIds;

export const Route = createLazyRoute(routeIds.board)({
  component: () => <BoardScreen view="board" />,
});
export const ListRoute = createLazyRoute(routeIds.list)({
  component: () => <BoardScreen view="list" />,
});

function BoardScreen({ view }: { view: View }) {
  const { workspaceId, projectId } = useParams({ from: routeIds[view] });
  const workspace = useWorkspace(workspaceId);
  const project = useProject(workspaceId, projectId);
  const absence = useAbsence(project === null);

  if (project === undefined) return <ScreenSkeleton shape={view} label="Loading the project…" />;
  if (project === null) {
    return (
      <ProjectNotHere
        state={absence}
        workspaceId={workspaceId}
        workspace={workspace}
        shape={view}
      />
    );
  }
  return <ProjectBoard project={project} role={workspace?.role ?? ""} view={view} />;
}

function ProjectBoard({ project, role, view }: { project: Project; role: string; view: View }) {
  const search = useSearch({ from: routeIds[view] });
  // `?peek=` changes on every `j` in the peek: the filters, and the columns, stay as they were.
  const filters = useFilters(search);
  const navigate = useNavigate({ from: paths[view] });
  const preferences = usePreferences();
  const unfiltered = useProjectColumns(project.id);
  const members = useMembers(project.workspaceId);
  const labels = useLabels(project.workspaceId);
  const today = useToday();
  const projectStatuses = useProjectStatuses(project.id);
  const userId = useSession()?.user.id ?? "";
  // The peek, when open, says which task (task-peek.tsx).
  useReportPresence({ workspaceId: project.workspaceId, projectId: project.id });
  const context = useCardContext(project, members, labels, projectStatuses, preferences, today, {
    role,
    userId,
  });
  const links = useCardLinks(project.workspaceId, project.id, context.statusesById);
  const { findTask, moveTask, createTask, deleteTask } = useTaskActions(project.id);
  const [deleting, setDeleting] = useState<Task | null>(null);
  // The peek opens as a new history entry (Back closes it); j/k replace it.
  const showPeek = useCallback(
    (taskId: string | undefined, replace = false) =>
      void navigate({ search: (current) => ({ ...current, peek: taskId }), replace }),
    [navigate],
  );
  const peek = useCallback((taskId: string) => showPeek(taskId), [showPeek]);
  const actions = useCardActions(project.workspaceId, moveTask, setDeleting, peek);
  const filterContext = useMemo(
    () => ({
      projectKey: project.key,
      today,
      doneStatuses: new Set(
        projectStatuses.filter((status) => isDoneCategory(status.category)).map((s) => s.id),
      ),
    }),
    [project.key, today, projectStatuses],
  );
  const { columns, totals, shown } = useBoardColumns(unfiltered, filters, filterContext);
  const anyTask = unfiltered.size > 0;
  const [creating, setCreating] = useState(false);
  const startCreating = useCallback(() => setCreating(true), []);
  const stopCreating = useCallback(() => setCreating(false), []);
  const stopDeleting = useCallback(() => setDeleting(null), []);
  const closePeek = useCallback(() => showPeek(undefined), [showPeek]);

  const setSearch = useCallback(
    (next: BoardSearch) =>
      void navigate({ search: (current) => ({ ...next, peek: current.peek }), replace: true }),
    [navigate],
  );
  const filtered = hasFilters(filters);
  // The columns: the project's board statuses, in its order, less those the filter hides.
  const statuses = useMemo(
    () =>
      boardStatuses(projectStatuses).filter(
        (status) => !filters.status || filters.status.some((id) => id === status.id),
      ),
    [projectStatuses, filters.status],
  );
  const statusIds = useMemo(() => statuses.map((status) => status.id), [statuses]);
  const allStatuses = useMemo(() => boardStatuses(projectStatuses), [projectStatuses]);
  const openTask = useCallback(
    (taskId: string) =>
      void navigate({
        to: "/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId",
        params: { workspaceId: project.workspaceId, projectId: project.id, taskId },
      }),
    [navigate, project],
  );
  const peekId = search.peek ?? null;
  // `s p a l d` on the focused card: that property's choices, beside the card.
  const [cardPicker, setCardPicker] = useState<{ property: CardProperty; taskId: string } | null>(
    null,
  );
  const keyboard = useCardKeyboard(
    statusIds,
    columns,
    openTask,
    view === "board",
    { id: peekId, show: (taskId) => showPeek(taskId, true) },
    (property, taskId) => {
      if (!canChange(property, context)) return false;
      setCardPicker({ property, taskId });
    },
  );
  const pickerTask = cardPicker ? findTask(cardPicker.taskId) : undefined;
  const createMounted = useWantedOnce(creating);
  const selectionMounted = useWantedOnce(keyboard.selectedIds.size > 0);
  const peekMounted = useWantedOnce(peekId !== null);
  const deleteMounted = useWantedOnce(deleting !== null);
  const pickerAnchor = cardPicker
    ? document.querySelector<HTMLElement>(`[data-task-id="${cardPicker.taskId}"]`)
    : null;
  // The board's own New task: the new card lands in this board's columns.
  useShortcuts({ newTask: startCreating });
  // What a change to the tasks leaves as it was keeps its props, so the header, the filters,
  // the dialogs and the peek are not drawn again with the columns (they are memoised).
  const step = useLatest(keyboard.step);
  const headerActions = useMemo(
    () => (
      <Button variant="primary" size="lg" onClick={startCreating}>
        New task
      </Button>
    ),
    [startCreating],
  );

  return (
    <section
      className="board-page"
      data-compact={preferences.compactMode || undefined}
      onPointerOver={preloadLaterParts}
      onFocus={preloadLaterParts}
    >
      <ProjectHeader project={project} view={view} actions={headerActions} />
      <BoardFilters
        search={filters}
        statuses={allStatuses}
        members={members}
        labels={labels}
        onChange={setSearch}
      />
      {filtered && shown === 0 && anyTask && (
        <p className="board-notice" role="status">
          No tasks match these filters. Clear them to see every task.
        </p>
      )}
      {!filtered && !anyTask && <EmptyBoard projectName={project.name} onCreate={startCreating} />}
      {view === "board" ? (
        <BoardView
          statuses={statuses}
          columns={columns}
          totals={totals}
          filtered={filtered}
          context={context}
          links={links}
          findTask={findTask}
          focusedId={keyboard.focusedId}
          selectedIds={keyboard.selectedIds}
          onFocus={keyboard.onFocus}
          onMove={moveTask}
          actions={actions}
          onCreate={createTask}
        />
      ) : (
        <ListView
          statuses={statuses}
          columns={columns}
          totals={totals}
          filtered={filtered}
          context={context}
          links={links}
          actions={actions}
        />
      )}
      {cardPicker && pickerTask && pickerAnchor && (
        <CardPropertyMenu
          property={cardPicker.property}
          task={pickerTask}
          anchor={pickerAnchor}
          context={context}
          actions={actions}
          onClose={() => {
            setCardPicker(null);
            refocusCard(cardPicker.taskId);
          }}
        />
      )}
      <Suspense fallback={null}>
        {createMounted && (
          <CreateTaskDialog
            open={creating}
            project={project}
            members={members}
            labels={labels}
            canAssign={canPerform(role, "task.assign")}
            onCreate={createTask}
            onClose={stopCreating}
          />
        )}
        {view === "board" && selectionMounted && (
          <SelectionBar
            selectedIds={keyboard.selectedIds}
            columns={unfiltered}
            members={members}
            labels={labels}
            role={role}
            onClear={keyboard.clearSelection}
          />
        )}
        {peekMounted && (
          <TaskPeek
            taskId={peekId}
            context={context}
            actions={actions}
            onStep={step}
            onClose={closePeek}
          />
        )}
        {deleteMounted && (
          <DeleteTaskDialog
            task={deleting}
            projectKey={project.key}
            onDelete={deleteTask}
            onClose={stopDeleting}
          />
        )}
      </Suspense>
    </section>
  );
}

/** A function that stays the same and calls the latest `fn` (given while rendering). */
function useLatest<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  useLayoutEffect(() => {
    latest.current = fn;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * A project without a task: the way to the first one, and its shortcut (`t c`, read from the
 * shortcut list so the hint is what the keys do). The columns stay below as drop targets.
 */
function EmptyBoard({ projectName, onCreate }: { projectName: string; onCreate: () => void }) {
  const steps = shortcutList.newTask.keys[0].split(" ");
  return (
    <EmptyState
      icon={<SquareKanban />}
      className="board-empty-state"
      title={`No tasks in ${projectName} yet`}
      action={
        <Button variant="primary" icon={<Plus />} onClick={onCreate}>
          Create task
        </Button>
      }
      hint={
        <>
          or press{" "}
          {steps.map((step, index) => (
            <Fragment key={step}>
              {index > 0 && " then "}
              <Kbd keys={keyLabels(step, isMac).map((key) => key.toUpperCase())} />
            </Fragment>
          ))}
        </>
      }
    >
      Plan the work: each task becomes a card in its status column.
    </EmptyState>
  );
}
