import { useNavigate } from "@tanstack/react-router";
import { Command } from "cmdk";
import { useEffect, useState } from "react";
import { formatTaskKey } from "../../../shared/task-key.ts";
import { preferencesStore } from "../../platform/preferences/use-preferences.ts";
import { themes, type Theme } from "../../platform/preferences/preferences.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { useAllProjects, useWorkspaces } from "../../platform/sync/store-hooks.ts";
import { paletteMatches } from "./palette-matches.ts";
import "../../styles/command-palette.css";

export type PaletteMode = "everything" | "workspaces";

type CommandPaletteProps = {
  open: boolean;
  /** `workspaces`: only the switcher (`w s`). */
  mode: PaletteMode;
  activeWorkspaceId: string | null;
  onOpenChange: (open: boolean) => void;
  onOpenWorkspace: (workspaceId: string) => void;
  onNewTask: () => void;
  onNewProject: () => void;
  onNewWorkspace: () => void;
};

const themeNames: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

/**
 * Mod+K: jump to a workspace, project or task (by title or key) from the local store, create
 * one, or change the theme. cmdk's own filter is off: 10,000 tasks are searched here, and only
 * the best few are rendered.
 */
export function CommandPalette(props: CommandPaletteProps) {
  const { open, mode, activeWorkspaceId, onOpenChange } = props;
  const navigate = useNavigate();
  const { tasks } = useSync();
  const workspaces = useWorkspaces();
  const projects = useAllProjects();
  const [query, setQuery] = useState("");
  const [, setTasksVersion] = useState(0);

  // The task store is mutable, outside React: a change repaints the results.
  useEffect(() => tasks.subscribeAll(() => setTasksVersion((version) => version + 1)), [tasks]);
  useEffect(() => {
    if (open) setQuery("");
  }, [open, mode]);

  // Searched on every render (a keystroke, or a change to the tasks while open): a pass over
  // 10,000 titles takes about a millisecond.
  const matches = paletteMatches(
    query,
    workspaces,
    projects,
    (projectId) => tasks.projectTasks(projectId),
    activeWorkspaceId,
  );

  const text = query.trim().toLowerCase();
  const offers = (label: string) => label.toLowerCase().includes(text);
  const run = (action: () => void) => {
    onOpenChange(false);
    action();
  };
  const everything = mode === "everything";
  const createActions = [
    { label: "Create task", run: props.onNewTask },
    { label: "Create project", run: props.onNewProject },
    { label: "Create workspace", run: props.onNewWorkspace },
  ].filter((action) => offers(action.label));
  const themeActions = themes.filter((theme) => offers(`theme ${themeNames[theme]}`));

  return (
    <Command.Dialog
      open={open}
      onOpenChange={onOpenChange}
      label={everything ? "Command palette" : "Switch workspace"}
      shouldFilter={false}
      loop
      overlayClassName="palette-overlay"
      contentClassName="palette"
    >
      <Command.Input
        className="palette-input"
        value={query}
        onValueChange={setQuery}
        placeholder={
          everything ? "Jump to a task (WEB-12), project or workspace…" : "Switch workspace…"
        }
      />
      <Command.List className="palette-list">
        <Command.Empty className="palette-empty">Nothing matches “{query.trim()}”.</Command.Empty>
        {everything && matches.tasks.length > 0 && (
          <Command.Group heading="Tasks">
            {matches.tasks.map(({ task, project }) => (
              <Command.Item
                key={task.id}
                value={`task:${task.id}`}
                onSelect={() =>
                  run(
                    () =>
                      void navigate({
                        to: "/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId",
                        params: {
                          workspaceId: project.workspaceId,
                          projectId: project.id,
                          taskId: task.id,
                        },
                      }),
                  )
                }
              >
                <span className="palette-key">{formatTaskKey(project.key, task.number)}</span>
                <span className="palette-label">{task.title}</span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {everything && matches.projects.length > 0 && (
          <Command.Group heading="Projects">
            {matches.projects.map((project) => (
              <Command.Item
                key={project.id}
                value={`project:${project.id}`}
                onSelect={() =>
                  run(
                    () =>
                      void navigate({
                        to: "/dashboard/workspace/$workspaceId/project/$projectId/board",
                        params: { workspaceId: project.workspaceId, projectId: project.id },
                      }),
                  )
                }
              >
                <span className="palette-key">{project.key}</span>
                <span className="palette-label">{project.name}</span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {matches.workspaces.length > 0 && (
          <Command.Group heading="Workspaces">
            {matches.workspaces.map((workspace) => (
              <Command.Item
                key={workspace.id}
                value={`workspace:${workspace.id}`}
                onSelect={() => run(() => props.onOpenWorkspace(workspace.id))}
              >
                <span className="palette-label">{workspace.name}</span>
                {workspace.id === activeWorkspaceId && (
                  <span className="palette-hint">Current</span>
                )}
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {everything && createActions.length > 0 && (
          <Command.Group heading="Create">
            {createActions.map((action) => (
              <Command.Item
                key={action.label}
                value={`create:${action.label}`}
                onSelect={() => run(action.run)}
              >
                <span className="palette-label">{action.label}</span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {everything && themeActions.length > 0 && (
          <Command.Group heading="Theme">
            {themeActions.map((theme) => (
              <Command.Item
                key={theme}
                value={`theme:${theme}`}
                onSelect={() => run(() => preferencesStore.update({ theme }))}
              >
                <span className="palette-label">Theme: {themeNames[theme]}</span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
      </Command.List>
    </Command.Dialog>
  );
}
