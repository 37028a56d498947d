import { createLazyRoute, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Suspense, useCallback, useMemo, useRef, useState, type FocusEvent } from "react";
import type { Project, Task } from "../../../../shared/entities.ts";
import { boardStatuses } from "../../../../shared/statuses.ts";
import { canPerform } from "../../../../shared/sync-permissions.ts";
import { ProjectNotHere } from "../../../ui/not-here.tsx";
import { ProjectHeader } from "../project-header.tsx";
import { ScreenSkeleton } from "../../../ui/screen-skeletons.tsx";
import { useSession } from "../../../platform/session/session-store.ts";
import { PHONE_QUERY, useMediaQuery } from "../../../platform/browser/use-media-query.ts";
import { usePreferences } from "../../../platform/preferences/use-preferences.ts";
import { useReportPresence } from "../../../platform/presence/presence-reporter.ts";
import { useShortcuts } from "../../../platform/shortcuts/use-shortcuts.ts";
import { useProjectStatuses } from "../../../platform/statuses.ts";
import {
  useLabels,
  useMembers,
  useProject,
  useWorkspace,
} from "../../../platform/sync/store-hooks.ts";
import { useAbsence } from "../../../platform/sync/use-absence.ts";
import { Button } from "../../../ui/button.tsx";
import { IconButton } from "../../../ui/icon-button.tsx";
import { BoardFilters } from "../filters/board-filters.tsx";
import { hasFilters, type BoardSearch } from "../filters/board-search.ts";
import { useCardActions } from "../cards/card-actions.ts";
import { useCardContext } from "../cards/card-context.ts";
import { canChange, CardPropertyMenu } from "../cards/card-menu.tsx";
import type { CardProperty } from "../cards/card-property.ts";
import { weekOf } from "../../../lib/due-date.ts";
import {
  monthStart,
  periodTitle,
  shiftPeriod,
  visibleDays,
  type CalendarLayout,
} from "./calendar-grid.ts";
import { filtersOf, type CalendarSearch } from "./calendar-search.ts";
import { CalendarView, followChip } from "./calendar-view.tsx";
import {
  CreateTaskDialog,
  DeleteTaskDialog,
  preloadLaterParts,
  TaskPeek,
  useWantedOnce,
} from "../later-parts.tsx";
import { useCalendarTasks } from "./use-calendar-tasks.ts";
import { useTaskActions } from "../cards/use-task-actions.ts";
import { useToday } from "../../../platform/browser/use-today.ts";
import "../../../styles/board.css";
import "../../../styles/calendar.css";

const routeId = "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/calendar";
const path = "/dashboard/workspace/$workspaceId/project/$projectId/calendar";

export const Route = createLazyRoute(routeId)({ component: CalendarScreen });

function CalendarScreen() {
  const { workspaceId, projectId } = useParams({ from: routeId });
  const workspace = useWorkspace(workspaceId);
  const project = useProject(workspaceId, projectId);
  const absence = useAbsence(project === null);

  if (project === undefined) return <ScreenSkeleton shape="page" label="Loading the project…" />;
  if (project === null) {
    return (
      <ProjectNotHere
        state={absence}
        workspaceId={workspaceId}
        workspace={workspace}
        shape="page"
      />
    );
  }
  return <ProjectCalendar project={project} role={workspace?.role ?? ""} />;
}

function ProjectCalendar({ project, role }: { project: Project; role: string }) {
  const search = useSearch({ from: routeId });
  const navigate = useNavigate({ from: path });
  const preferences = usePreferences();
  const members = useMembers(project.workspaceId);
  const labels = useLabels(project.workspaceId);
  const today = useToday();
  const projectStatuses = useProjectStatuses(project.id);
  const userId = useSession()?.user.id ?? "";
  // In the project, as on the board; the peek, when open, says which task (task-peek.tsx).
  useReportPresence({ workspaceId: project.workspaceId, projectId: project.id });
  const context = useCardContext(project, members, labels, projectStatuses, preferences, today, {
    role,
    userId,
  });
  const { findTask, moveTask, createTask, deleteTask } = useTaskActions(project.id);
  const [deleting, setDeleting] = useState<Task | null>(null);
  const [creating, setCreating] = useState(false);
  const createMounted = useWantedOnce(creating);
  const peekMounted = useWantedOnce(search.peek !== undefined);
  const deleteMounted = useWantedOnce(deleting !== null);

  const showPeek = useCallback(
    (taskId: string | undefined, replace = false) =>
      void navigate({ search: (current) => ({ ...current, peek: taskId }), replace }),
    [navigate],
  );
  const peek = useCallback((taskId: string) => showPeek(taskId), [showPeek]);
  const actions = useCardActions(project.workspaceId, moveTask, setDeleting, peek);

  // A phone has no room for a month of cells: it shows the week as a list of days.
  const phone = useMediaQuery(PHONE_QUERY);
  const layout: CalendarLayout = phone ? "week" : (search.view ?? "month");
  const day = search.date ?? today;
  // The days shown change with the month or week, not with every day the focus moves to.
  const period = layout === "month" ? monthStart(day) : weekOf(day).start;
  const days = useMemo(() => visibleDays(layout, period), [layout, period]);
  const filters = filtersOf(search);
  const filtered = hasFilters(filters);
  const calendar = useCalendarTasks(project.id, projectStatuses, days, filters, {
    projectKey: project.key,
    today,
  });
  const title = periodTitle(layout, day);

  const setSearch = useCallback(
    (next: Partial<CalendarSearch>) =>
      void navigate({ search: (current) => ({ ...current, ...next }), replace: true }),
    [navigate],
  );
  const setFilters = useCallback(
    (next: BoardSearch) =>
      void navigate({
        // Clear filters sends no peek: the peek stays open through it, as on the board.
        search: (current) => ({
          ...next,
          view: current.view,
          date: current.date,
          peek: current.peek,
        }),
        replace: true,
      }),
    [navigate],
  );
  const setDay = useCallback((next: string) => setSearch({ date: next }), [setSearch]);

  // The peek's j/k (and its arrows) go through the tasks shown, day by day.
  const step = (direction: 1 | -1) => {
    const order = days.flatMap((shown) => calendar.byDay.get(shown) ?? []).map((task) => task.id);
    const at = search.peek ? order.indexOf(search.peek) : -1;
    const next = at < 0 ? order[0] : order[Math.min(Math.max(at + direction, 0), order.length - 1)];
    if (next) showPeek(next, true);
  };

  // `s p a l d` on the focused task: that property's choices beside it, as on the board.
  const focusedId = useRef<string | null>(null);
  const [picker, setPicker] = useState<{
    property: CardProperty;
    taskId: string;
    anchor: HTMLElement;
  } | null>(null);
  const openPicker = (property: CardProperty) => () => {
    const taskId = focusedId.current;
    const anchor = taskId ? focusedChip(taskId) : null;
    if (!taskId || !anchor || search.peek || !canChange(property, context)) return false;
    setPicker({ property, taskId, anchor });
  };
  useShortcuts({
    newTask: () => setCreating(true),
    ...(search.peek ? { nextCard: () => step(1), previousCard: () => step(-1) } : {}),
    taskStatus: openPicker("status"),
    taskPriority: openPicker("priority"),
    taskAssignee: openPicker("assignee"),
    taskLabels: openPicker("labels"),
    taskDueDate: openPicker("due"),
  });
  const pickerTask = picker ? findTask(picker.taskId) : undefined;
  const onFocus = (event: FocusEvent) => {
    preloadLaterParts();
    const chip = event.target instanceof Element ? event.target.closest(".calendar-chip") : null;
    focusedId.current = chip?.getAttribute("data-task-id") ?? null;
  };
  const dueDateOf = useCallback((taskId: string) => findTask(taskId)?.dueDate ?? null, [findTask]);

  const unit = layout === "month" ? "month" : "week";
  return (
    <section
      className="board-page calendar-page"
      data-compact={preferences.compactMode || undefined}
      onPointerOver={preloadLaterParts}
      onFocus={onFocus}
    >
      <ProjectHeader
        project={project}
        view="calendar"
        actions={
          <Button variant="primary" size="lg" onClick={() => setCreating(true)}>
            New task
          </Button>
        }
      />
      <BoardFilters
        search={filters}
        statuses={boardStatuses(projectStatuses)}
        members={members}
        labels={labels}
        onChange={setFilters}
      />
      <div className="calendar-toolbar">
        <h2 className="calendar-title" aria-live="polite">
          {title}
        </h2>
        <div className="calendar-nav">
          <Button size="sm" onClick={() => setSearch({ date: undefined })}>
            Today
          </Button>
          <IconButton
            aria-label={`Previous ${unit}`}
            size="sm"
            icon={<ChevronLeft />}
            onClick={() => setDay(shiftPeriod(layout, day, -1))}
          />
          <IconButton
            aria-label={`Next ${unit}`}
            size="sm"
            icon={<ChevronRight />}
            onClick={() => setDay(shiftPeriod(layout, day, 1))}
          />
        </div>
        {!phone && (
          <div className="calendar-layouts" role="group" aria-label="Calendar layout">
            {(["month", "week"] as const).map((option) => (
              <button
                key={option}
                type="button"
                className="calendar-layout"
                aria-pressed={layout === option}
                onClick={() => setSearch({ view: option === "month" ? undefined : option })}
              >
                {option === "month" ? "Month" : "Week"}
              </button>
            ))}
          </div>
        )}
      </div>
      {filtered && calendar.any && calendar.byDay.size === 0 && calendar.undated.length === 0 && (
        <p className="board-notice" role="status">
          No tasks match these filters. Clear them to see every task.
        </p>
      )}
      <CalendarView
        layout={layout}
        vertical={phone}
        day={day}
        days={days}
        today={today}
        title={title}
        tasks={calendar}
        filtered={filtered}
        context={context}
        actions={actions}
        findTask={findTask}
        dueDateOf={dueDateOf}
        onDayChange={setDay}
      />
      {picker && pickerTask && (
        <CardPropertyMenu
          property={picker.property}
          task={pickerTask}
          anchor={picker.anchor}
          context={context}
          actions={actions}
          onClose={() => {
            setPicker(null);
            // A new due date draws the chip on another day: the focus follows it there.
            followChip(picker.taskId, dueDateOf);
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
            onClose={() => setCreating(false)}
          />
        )}
        {peekMounted && (
          <TaskPeek
            taskId={search.peek ?? null}
            context={context}
            actions={actions}
            onStep={step}
            onClose={() => showPeek(undefined)}
          />
        )}
        {deleteMounted && (
          <DeleteTaskDialog
            task={deleting}
            projectKey={project.key}
            onDelete={deleteTask}
            onClose={() => setDeleting(null)}
          />
        )}
      </Suspense>
    </section>
  );
}

/** The focused task's chip, if the focus is on it. */
function focusedChip(taskId: string): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement &&
    active.matches(".calendar-chip") &&
    active.dataset.taskId === taskId
    ? active
    : null;
}
