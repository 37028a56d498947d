import { useNavigate } from "@tanstack/react-router";
import { toast } from "sonner";
import type { Project } from "../../../shared/entities.ts";
import { canPerform } from "../../../shared/sync-permissions.ts";
import { CreateTaskDialog } from "../../features/project/create-task-dialog.tsx";
import { useTaskActions, type NewTask } from "../../features/project/cards/use-task-actions.ts";
import {
  useLabels,
  useMembers,
  useProjects,
  useWorkspace,
} from "../../platform/sync/store-hooks.ts";
import { NewProjectDialog } from "../../features/workspace/new-project-dialog.tsx";
import "../../styles/board.css";
import "../../styles/workspace.css";

/*
 * The board's New task and the workspace home's New project dialogs, opened by `t c` and
 * `p c` (or the command palette) from any screen. A chunk of its own, loaded on first use.
 */

export function NewTaskFromShortcut({
  project,
  onClose,
}: {
  project: Project;
  onClose: () => void;
}) {
  const workspace = useWorkspace(project.workspaceId);
  const members = useMembers(project.workspaceId);
  const labels = useLabels(project.workspaceId);
  const { createTask } = useTaskActions(project.id);

  const create = (task: NewTask) => {
    createTask(task);
    // Away from the board the new task is not in sight: say where it went.
    toast.success(`Task created in ${project.name}`);
  };

  return (
    <CreateTaskDialog
      open
      project={project}
      members={members}
      labels={labels}
      canAssign={canPerform(workspace?.role ?? "", "task.assign")}
      onCreate={create}
      onClose={onClose}
    />
  );
}

export function NewProjectFromShortcut({
  workspaceId,
  onClose,
}: {
  workspaceId: string;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const projects = useProjects(workspaceId);
  return (
    <NewProjectDialog
      open
      workspaceId={workspaceId}
      projects={projects}
      onClose={onClose}
      onCreated={(projectId) => {
        onClose();
        void navigate({
          to: "/dashboard/workspace/$workspaceId/project/$projectId/board",
          params: { workspaceId, projectId },
        });
      }}
    />
  );
}
