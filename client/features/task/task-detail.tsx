import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { toast } from "sonner";
import type { Project, Task, Workspace } from "../../../shared/entities.ts";
import { canPerform } from "../../../shared/sync-permissions.ts";
import { formatTaskKey } from "../../../shared/task-key.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { SubtaskFateChoice } from "../../task-parts/subtask-fate-choice.tsx";
import { NotHere, ProjectNotHere } from "../../ui/not-here.tsx";
import { TaskPresence } from "../../platform/presence/present-people.tsx";
import { ScreenSkeleton } from "../../ui/screen-skeletons.tsx";
import { TaskSubscribers } from "../../task-parts/task-subscribers.tsx";
import { showError } from "../../lib/api-errors.ts";
import { useSession } from "../../platform/session/session-store.ts";
import { useReportPresence } from "../../platform/presence/presence-reporter.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import {
  useLabels,
  useMembers,
  useProject,
  useProjects,
  useSubtasks,
  useTasksById,
  useWorkspace,
} from "../../platform/sync/store-hooks.ts";
import { useAbsence } from "../../platform/sync/use-absence.ts";
import { useOpenedHistory } from "../../platform/sync/use-opened-history.ts";
import { memberNames } from "../../lib/activity-text.ts";
import { TaskAttachments } from "./task-attachments.tsx";
import { useTaskPageFiles } from "./task-page-files.ts";
import { useAddFiles } from "../../platform/use-attachments.ts";
import { TaskActivity } from "../../task-parts/task-activity.tsx";
import { TaskComments } from "../../task-parts/task-comments.tsx";
import { TaskDescription } from "../../task-parts/description/task-description.tsx";
import { HistoryNotHere, TaskHistoryLoading } from "../../task-parts/task-history.tsx";
import { TaskProperties } from "./task-properties.tsx";
import { TaskRelations } from "./task-relations.tsx";
import { TaskSubtasks } from "./task-subtasks.tsx";
import { TaskTitle } from "../../task-parts/task-title.tsx";
import { useTaskLookup } from "./use-task-lookup.ts";
import "../../styles/labels.css";
import "../../styles/task.css";
import type { SubtaskFate } from "../../../shared/mutators/task.ts";
import { Button, buttonProps } from "../../ui/button.tsx";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId",
)({ component: TaskDetail });

function TaskDetail() {
  const { workspaceId, projectId, taskId } = Route.useParams();
  const workspace = useWorkspace(workspaceId);
  const project = useProject(workspaceId, projectId);
  const task = useTaskLookup(projectId, taskId);
  const absence = useAbsence(project === null || task === null);

  // The workspace layout says when the workspace is not there.
  if (!workspace) return null;
  if (project === undefined || task === undefined) {
    return <ScreenSkeleton shape="task" label="Loading the task…" />;
  }
  if (project === null) {
    return (
      <ProjectNotHere
        state={absence}
        workspaceId={workspaceId}
        workspace={workspace}
        shape="task"
      />
    );
  }
  if (task === null) {
    return (
      <NotHere
        state={absence}
        what="task"
        shape="task"
        back={
          <Link
            {...buttonProps({ size: "lg" })}
            to="/dashboard/workspace/$workspaceId/project/$projectId/board"
            params={{ workspaceId, projectId }}
          >
            Back to the board
          </Link>
        }
      />
    );
  }
  // Keyed by task: a description still being saved belongs to the task it was typed into.
  return <TaskPage key={task.id} task={task} project={project} workspace={workspace} />;
}

type TaskPageProps = { task: Task; project: Project; workspace: Workspace };

function TaskPage({ task, project, workspace }: TaskPageProps) {
  const session = useSession();
  const members = useMembers(workspace.id);
  const labels = useLabels(workspace.id);
  const projects = useProjects(workspace.id);
  const parent = useTasksById(task.parentId ? [task.parentId] : []).get(task.parentId ?? "");
  const nameOf = useMemo(() => memberNames(members), [members]);
  const membersById = useMemo(() => new Map(members.map((m) => [m.id, m])), [members]);
  const role = workspace.role;
  const canEdit = canPerform(role, "task.update");
  useReportPresence({ workspaceId: workspace.id, projectId: project.id, taskId: task.id });
  const addFiles = useAddFiles(task.id);
  const files = useTaskPageFiles(canEdit, addFiles);
  // Comments, activity, files and subscribers come with the task's history, loaded on opening.
  const history = useOpenedHistory(task.id);
  const historyLoading = history === undefined || history === "loading";

  return (
    <article
      className="page task-page"
      data-dropping={files.dragging ? "" : undefined}
      {...files.handlers}
    >
      {files.dragging && (
        <div className="task-page-drop" aria-hidden="true">
          Drop to attach to {formatTaskKey(project.key, task.number)}
        </div>
      )}
      <header className="task-header">
        <nav className="breadcrumbs" aria-label="Breadcrumbs">
          <Link
            to="/dashboard/workspace/$workspaceId/project/$projectId/board"
            params={{ workspaceId: workspace.id, projectId: project.id }}
          >
            {project.icon ? `${project.icon} ` : ""}
            {project.name}
          </Link>
          <span aria-hidden="true">/</span>
          {parent && (
            <>
              <Link
                className="task-key"
                to="/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId"
                params={{ workspaceId: workspace.id, projectId: project.id, taskId: parent.id }}
                title={parent.title}
                aria-label={`Parent task ${formatTaskKey(project.key, parent.number)}: ${parent.title}`}
              >
                {formatTaskKey(project.key, parent.number)}
              </Link>
              <span aria-hidden="true">/</span>
            </>
          )}
          <span className="task-key">{formatTaskKey(project.key, task.number)}</span>
        </nav>
        <div className="task-header-end">
          <TaskPresence workspaceId={workspace.id} taskId={task.id} />
          <TaskActions task={task} project={project} canDelete={canPerform(role, "task.delete")} />
        </div>
      </header>
      <div className="task-layout">
        <TaskTitle task={task} canEdit={canEdit} />
        <div className="task-main">
          <TaskDescription task={task} canEdit={canEdit} members={members} />
          <TaskSubtasks
            task={task}
            project={project}
            membersById={membersById}
            canCreate={canPerform(role, "task.create")}
          />
          {history === "unavailable" && <HistoryNotHere />}
          {!historyLoading && <TaskAttachments taskId={task.id} canEdit={canEdit} />}
          <TaskRelations task={task} projects={projects} canEdit={canEdit} />
          {historyLoading ? (
            <TaskHistoryLoading />
          ) : (
            <TaskComments
              task={task}
              userId={session?.user.id ?? ""}
              role={role}
              nameOf={nameOf}
              members={members}
              historyMissing={history === "unavailable"}
            />
          )}
          {history === "held" && <TaskActivity task={task} nameOf={nameOf} />}
        </div>
        <aside className="task-side">
          <TaskProperties
            task={task}
            project={project}
            members={members}
            labels={labels}
            nameOf={nameOf}
            userId={session?.user.id ?? ""}
            canEdit={canEdit}
            canAssign={canPerform(role, "task.assign")}
            canCreateLabel={canPerform(role, "label.create")}
          />
          {history === "held" && (
            <TaskSubscribers
              taskId={task.id}
              userId={session?.user.id ?? ""}
              membersById={membersById}
            />
          )}
        </aside>
      </div>
    </article>
  );
}

type TaskActionsProps = { task: Task; project: Project; canDelete: boolean };

function TaskActions({ task, project, canDelete }: TaskActionsProps) {
  const { rep } = useSync();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [subtaskFate, setSubtaskFate] = useState<SubtaskFate>("detach");
  const subtaskCount = useSubtasks(task.projectId, task.id).length;
  const taskKey = formatTaskKey(project.key, task.number);

  const copyLink = () =>
    navigator.clipboard
      .writeText(window.location.href)
      .then(() => toast.success("Link copied"))
      .catch((error: unknown) => showError(error, "The link could not be copied"));

  // Leave first, so the page never shows the task as missing on the way out.
  const remove = () => {
    setConfirming(false);
    navigate({
      to: "/dashboard/workspace/$workspaceId/project/$projectId/board",
      params: { workspaceId: project.workspaceId, projectId: project.id },
    })
      // The undo history says it was deleted, with an Undo (platform/undo).
      .then(() =>
        rep.mutate.deleteTask({
          id: task.id,
          projectId: task.projectId,
          subtasks: subtaskFate,
          deletedAt: new Date().toISOString(),
        }),
      )
      .catch((error: unknown) => showError(error, "The task could not be deleted"));
  };

  return (
    <div className="action-row">
      <Button size="lg" onClick={() => void copyLink()}>
        Copy link
      </Button>
      {canDelete && (
        <Button
          variant="danger"
          size="lg"
          onClick={() => {
            setSubtaskFate("detach");
            setConfirming(true);
          }}
        >
          Delete task
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Delete ${taskKey}?`}
        confirmLabel="Delete task"
        pending={false}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      >
        <p>
          “{task.title}” is deleted with its comments and history, for everyone in the workspace.
          This cannot be undone.
        </p>
        <SubtaskFateChoice count={subtaskCount} value={subtaskFate} onChange={setSubtaskFate} />
      </ConfirmDialog>
    </div>
  );
}
