import { memo } from "react";
import { Link } from "@tanstack/react-router";
import { CalendarDays, Columns3, List, ListTodo, SlidersHorizontal } from "lucide-react";
import type { ReactNode } from "react";
import type { Project } from "../../../shared/entities.ts";
import { cardFields } from "../../platform/preferences/card-fields.ts";
import { preferencesStore, usePreferences } from "../../platform/preferences/use-preferences.ts";
import { Button } from "../../ui/button.tsx";
import {
  Menu,
  MenuCheckboxItem,
  MenuContent,
  MenuGroup,
  MenuGroupLabel,
  MenuTrigger,
} from "../../ui/menu.tsx";
import { ProjectPresence } from "../../platform/presence/present-people.tsx";
import { ProjectIcon } from "../../ui/project-icon.tsx";
import "../../styles/project-header.css";

type ProjectView = "board" | "list" | "backlog" | "calendar";

type ProjectHeaderProps = {
  project: Project;
  /** The screen on show; its tab is the current one. */
  view: ProjectView;
  /** The screen's own actions at the end of the header (New task). */
  actions?: ReactNode;
};

/**
 * The head of a project's screens: its icon, name and key, then Board · List · Backlog ·
 * Calendar as tabs. The tabs are links, so the address decides what shows and each view can be
 * opened in a new tab or shared; board, list and calendar keep the filters of the address (the
 * calendar's own layout and day stay behind). They also get the Display menu of what the cards
 * show. The others in the project show before it.
 */
export const ProjectHeader = memo(function ProjectHeader({
  project,
  view,
  actions,
}: ProjectHeaderProps) {
  const params = { workspaceId: project.workspaceId, projectId: project.id };
  // The filters go along between the views that share them; the calendar's day does not.
  const filters = (to: ProjectView) =>
    view === to || view === "backlog" || to === "backlog"
      ? {}
      : view === "calendar"
        ? ({ view: _view, date: _date, ...rest }: { view?: unknown; date?: unknown }) => rest
        : true;
  return (
    <header className="project-header">
      <div className="project-header-title">
        <span className="project-header-icon" aria-hidden="true">
          <ProjectIcon project={project} />
        </span>
        <h1>{project.name}</h1>
        <span className="project-header-key">{project.key}</span>
      </div>
      <nav className="project-tabs" aria-label="Project views">
        <Link
          to="/dashboard/workspace/$workspaceId/project/$projectId/board"
          params={params}
          search={filters("board")}
          className="project-tab"
        >
          <Columns3 aria-hidden />
          Board
        </Link>
        <Link
          to="/dashboard/workspace/$workspaceId/project/$projectId/list"
          params={params}
          search={filters("list")}
          className="project-tab"
        >
          <List aria-hidden />
          List
        </Link>
        <Link
          to="/dashboard/workspace/$workspaceId/project/$projectId/backlog"
          params={params}
          className="project-tab"
        >
          <ListTodo aria-hidden />
          Backlog
        </Link>
        <Link
          to="/dashboard/workspace/$workspaceId/project/$projectId/calendar"
          params={params}
          search={filters("calendar")}
          className="project-tab"
        >
          <CalendarDays aria-hidden />
          Calendar
        </Link>
      </nav>
      <div className="project-header-actions">
        <ProjectPresence workspaceId={project.workspaceId} projectId={project.id} />
        {view !== "backlog" && <DisplayMenu />}
        {actions}
      </div>
    </header>
  );
});

/** What the cards show (the card fields of the preferences), kept in this browser. */
function DisplayMenu() {
  const preferences = usePreferences();
  return (
    <Menu>
      <MenuTrigger
        render={<Button variant="ghost" size="sm" icon={<SlidersHorizontal aria-hidden />} />}
      >
        Display
      </MenuTrigger>
      <MenuContent align="end">
        <MenuGroup>
          <MenuGroupLabel>On task cards</MenuGroupLabel>
          {cardFields.map(({ field, label }) => (
            <MenuCheckboxItem
              key={field}
              checked={preferences[field]}
              onCheckedChange={(checked) => preferencesStore.update({ [field]: checked })}
              closeOnClick={false}
            >
              {label}
            </MenuCheckboxItem>
          ))}
        </MenuGroup>
      </MenuContent>
    </Menu>
  );
}
