import { useNavigate, useParams } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useState } from "react";
import { toast } from "sonner";
import type { Project } from "../../../shared/entities.ts";
import { canPerform } from "../../../shared/sync-permissions.ts";
import { useActiveWorkspaceId } from "../../platform/preferences/active-workspace.ts";
import type { PaletteMode } from "../../features/command-palette/command-palette.tsx";
import { ShortcutsDialog } from "../../platform/shortcuts/shortcuts-dialog.tsx";
import { useShortcuts } from "../../platform/shortcuts/use-shortcuts.ts";
import { useUndo } from "../../platform/undo/use-undo.ts";
import { useProjects, useWorkspace } from "../../platform/sync/store-hooks.ts";
import { activateWorkspace } from "./activate-workspace.ts";

const loadPalette = () => import("../../features/command-palette/command-palette.tsx");
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));
const loadCreate = () => import("./create-from-shortcut.tsx");
const NewTaskFromShortcut = lazy(() =>
  loadCreate().then((m) => ({ default: m.NewTaskFromShortcut })),
);
const NewProjectFromShortcut = lazy(() =>
  loadCreate().then((m) => ({ default: m.NewProjectFromShortcut })),
);

const PALETTE_PRELOAD_DELAY_MS = 1500;

/** Where `g b`, `g l` and `g c` go in the current project. */
const projectScreens = {
  board: "/dashboard/workspace/$workspaceId/project/$projectId/board",
  backlog: "/dashboard/workspace/$workspaceId/project/$projectId/backlog",
  calendar: "/dashboard/workspace/$workspaceId/project/$projectId/calendar",
} as const;

type Dialog =
  { kind: "help" } | { kind: "task"; project: Project } | { kind: "project"; workspaceId: string };

/**
 * The app-wide shortcuts of SPEC.md section 4 and what they open: the command palette, the
 * shortcut list, New task and New project. Screens bind their own on top (the board's
 * `t c` opens the board's dialog). "The current project" is the one in the address, else the
 * first of the current workspace by name.
 */
export function AppShortcuts({ onToggleSidebar }: { onToggleSidebar: () => void }) {
  const navigate = useNavigate();
  const params = useParams({ strict: false });
  const activeWorkspaceId = useActiveWorkspaceId();
  const workspaceId = params.workspaceId ?? activeWorkspaceId;
  const workspace = useWorkspace(workspaceId ?? "");
  const projects = useProjects(workspaceId ?? "");
  const project = projects.find((p) => p.id === params.projectId) ?? projects[0] ?? null;
  const [palette, setPalette] = useState<PaletteMode | null>(null);
  const [paletteUsed, setPaletteUsed] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  // The palette is not in the first download, but fetched once the screen has settled, so
  // the first Mod+K opens it at once (Safari has no requestIdleCallback).
  useEffect(() => {
    const timer = setTimeout(() => void loadPalette(), PALETTE_PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const openPalette = (mode: PaletteMode) => {
    setPaletteUsed(true);
    setPalette((current) => (current === mode ? null : mode));
  };

  const withProject = (then: (project: Project) => void) => () => {
    if (project) then(project);
    else toast.info("This workspace has no projects yet");
  };

  const goTo = (screen: "board" | "backlog" | "calendar") =>
    withProject(
      (target) =>
        void navigate({
          to: projectScreens[screen],
          params: { workspaceId: target.workspaceId, projectId: target.id },
        }),
    );

  const newTask = withProject((target) => setDialog({ kind: "task", project: target }));

  const newProject = () => {
    if (!workspaceId || !workspace) return;
    if (canPerform(workspace.role, "project.create")) setDialog({ kind: "project", workspaceId });
    else toast.error("Only owners and admins create projects");
  };

  const newWorkspace = () => void navigate({ to: "/dashboard/workspace/create" });

  const search = () => {
    if (!workspaceId) return;
    void navigate({ to: "/dashboard/workspace/$workspaceId/search", params: { workspaceId } }).then(
      () => requestAnimationFrame(focusSearchField),
    );
  };

  const openWorkspace = async (id: string) => {
    await activateWorkspace(id);
    await navigate({ to: "/dashboard/workspace/$workspaceId", params: { workspaceId: id } });
  };

  useUndo();
  useShortcuts(
    {
      palette: () => openPalette("everything"),
      switchWorkspace: () => openPalette("workspaces"),
      search,
      sidebar: onToggleSidebar,
      newTask,
      newProject,
      newWorkspace,
      goBoard: goTo("board"),
      goBacklog: goTo("backlog"),
      goCalendar: goTo("calendar"),
      help: () => setDialog({ kind: "help" }),
    },
    "app",
  );

  const close = () => setDialog(null);
  return (
    <>
      {paletteUsed && (
        <Suspense fallback={null}>
          <CommandPalette
            open={palette !== null}
            mode={palette ?? "everything"}
            activeWorkspaceId={workspaceId}
            onOpenChange={(open) => setPalette(open ? (palette ?? "everything") : null)}
            onOpenWorkspace={(id) => void openWorkspace(id)}
            onNewTask={newTask}
            onNewProject={newProject}
            onNewWorkspace={newWorkspace}
          />
        </Suspense>
      )}
      {dialog?.kind === "help" && <ShortcutsDialog open onClose={close} />}
      <Suspense fallback={null}>
        {dialog?.kind === "task" && (
          <NewTaskFromShortcut project={dialog.project} onClose={close} />
        )}
        {dialog?.kind === "project" && (
          <NewProjectFromShortcut workspaceId={dialog.workspaceId} onClose={close} />
        )}
      </Suspense>
    </>
  );
}

/** `/` lands in the search screen's field, when it has one. */
function focusSearchField() {
  const field = document.querySelector<HTMLInputElement>(
    "main input[type='search'], main [role='search'] input, main input",
  );
  field?.focus();
}
