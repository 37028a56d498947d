import { createLazyRoute, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { useCallback, useMemo, useState } from "react";
import { boardStatuses, taskStatuses, type Project } from "../../../shared/entities.ts";
import { canPerform } from "../../../shared/sync-permissions.ts";
import { ProjectNotHere } from "../../components/not-here.tsx";
import { ProjectHeader } from "../../components/project-header.tsx";
import { usePreferences } from "../../platform/preferences/use-preferences.ts";
import { useShortcuts } from "../../platform/shortcuts/use-shortcuts.ts";
import {
  useLabels,
  useMembers,
  useProject,
  useProjectColumns,
  useWorkspace,
} from "../../platform/sync/store-hooks.ts";
import { useAbsence } from "../../platform/sync/use-absence.ts";
import { BoardFilters } from "./board-filters.tsx";
import { hasFilters, type BoardSearch } from "./board-search.ts";
import { BoardView } from "./board-view.tsx";
import { useCardContext } from "./card-context.ts";
import { CreateTaskDialog } from "./create-task-dialog.tsx";
import { ListView } from "./list-view.tsx";
import { useBoardColumns } from "./use-board-columns.ts";
import { useCardKeyboard } from "./use-card-keyboard.ts";
import { useTaskActions } from "./use-task-actions.ts";
import { useToday } from "./use-today.ts";
import "../../styles/board.css";

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

  if (project === undefined) return null;
  if (project === null) {
    return <ProjectNotHere state={absence} workspaceId={workspaceId} workspace={workspace} />;
  }
  return <ProjectBoard project={project} role={workspace?.role ?? ""} view={view} />;
}

function ProjectBoard({ project, role, view }: { project: Project; role: string; view: View }) {
  const search = useSearch({ from: routeIds[view] });
  const navigate = useNavigate({ from: paths[view] });
  const preferences = usePreferences();
  const unfiltered = useProjectColumns(project.id);
  const members = useMembers(project.workspaceId);
  const labels = useLabels(project.workspaceId);
  const today = useToday();
  const context = useCardContext(project, members, labels, preferences, today);
  const { findTask, moveTask, createTask } = useTaskActions(project.id);
  const { columns, totals, shown } = useBoardColumns(unfiltered, search, {
    projectKey: project.key,
    today,
  });
  const [creating, setCreating] = useState(false);

  const setSearch = useCallback(
    (next: BoardSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  const filtered = hasFilters(search);
  const statuses = useMemo(
    () => boardStatuses.filter((status) => !search.status || search.status.includes(status)),
    [search.status],
  );
  const openTask = useCallback(
    (taskId: string) =>
      void navigate({
        to: "/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId",
        params: { workspaceId: project.workspaceId, projectId: project.id, taskId },
      }),
    [navigate, project],
  );
  const keyboard = useCardKeyboard(statuses, columns, openTask, view === "board");
  // The board's own New task: the new card lands in this board's columns.
  useShortcuts({ newTask: () => setCreating(true) });

  return (
    <section className="board-page" data-compact={preferences.compactMode || undefined}>
      <ProjectHeader
        project={project}
        view={view}
        actions={
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            New task
          </button>
        }
      />
      <BoardFilters search={search} members={members} labels={labels} onChange={setSearch} />
      {filtered && shown === 0 && taskStatuses.some((status) => totals[status] > 0) && (
        <p className="board-notice" role="status">
          No tasks match these filters. Clear them to see every task.
        </p>
      )}
      {keyboard.selectedCount > 0 && view === "board" && (
        <p className="board-selection" role="status">
          {keyboard.selectedCount} selected
          <button type="button" className="button button-quiet" onClick={keyboard.clearSelection}>
            Clear selection
          </button>
        </p>
      )}
      {view === "board" ? (
        <BoardView
          statuses={statuses}
          columns={columns}
          totals={totals}
          filtered={filtered}
          context={context}
          findTask={findTask}
          focusedId={keyboard.focusedId}
          selectedIds={keyboard.selectedIds}
          onFocus={keyboard.onFocus}
          onMove={moveTask}
          onCreate={createTask}
        />
      ) : (
        <ListView
          statuses={statuses}
          columns={columns}
          totals={totals}
          filtered={filtered}
          context={context}
          onMove={moveTask}
        />
      )}
      <CreateTaskDialog
        open={creating}
        members={members}
        labels={labels}
        canAssign={canPerform(role, "task.assign")}
        onCreate={createTask}
        onClose={() => setCreating(false)}
      />
    </section>
  );
}
