import { createLazyRoute } from "@tanstack/react-router";
import { nanoid } from "nanoid";
import { useState, type ChangeEvent } from "react";
import { toast } from "sonner";
import { z } from "zod";
import { commentSchema, type Comment, type Project, type Task } from "../../../shared/entities.ts";
import { prefixes } from "../../../shared/keys.ts";
import { roleAllows } from "../../../shared/permissions.ts";
import { canPerform } from "../../../shared/sync-permissions.ts";
import { showError } from "../../lib/api-errors.ts";
import { getJson } from "../../platform/http/get-json.ts";
import { useOnline } from "../../platform/browser/use-online.ts";
import { parseTaskFile, type RefusedRow } from "../../lib/integrations/import-tasks.ts";
import { planImport } from "../../lib/integrations/plan-import.ts";
import { projectToCsv, projectToJson } from "../../lib/integrations/project-export.ts";
import { useAllProjectStatuses } from "../../platform/statuses.ts";
import type { Rep } from "../../platform/sync/create-replicache.ts";
import { useRep } from "../../platform/sync/replicache-provider.tsx";
import { useLabels, useMembers, useProjectTasks } from "../../platform/sync/store-hooks.ts";
import { ProjectSettingsPage } from "./project-settings-page.tsx";
import { Button } from "../../ui/button.tsx";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/settings/projects/$projectId/integrations",
)({ component: ProjectIntegrationsSettings });

function ProjectIntegrationsSettings() {
  const { projectId } = Route.useParams();
  return (
    <ProjectSettingsPage projectId={projectId} title="Integrations">
      {(project, role) => (
        <>
          <Export project={project} />
          {roleAllows(role, { task: ["create"] }) && (
            <Import
              project={project}
              canAssign={roleAllows(role, { task: ["assign"] })}
              canEditWorkflow={canPerform(role, "project.workflow")}
            />
          )}
        </>
      )}
    </ProjectSettingsPage>
  );
}

function downloadFile(fileName: string, type: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

const projectCommentsSchema = z.object({ comments: z.array(commentSchema) });

/** Comments by task, each task's oldest first. */
function byTask(comments: readonly Comment[]): Map<string, Comment[]> {
  const grouped = new Map<string, Comment[]>();
  for (const comment of [...comments].sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1))) {
    grouped.set(comment.taskId, [...(grouped.get(comment.taskId) ?? []), comment]);
  }
  return grouped;
}

/** The comments the store holds of these tasks, read in one transaction. */
function storedComments(rep: Rep, tasks: readonly Task[]): Promise<Map<string, Comment[]>> {
  return rep.query(async (tx) => {
    const comments: Comment[] = [];
    for (const task of tasks) {
      for (const value of await tx
        .scan({ prefix: prefixes.comment(task.id) })
        .values()
        .toArray()) {
        const comment = commentSchema.safeParse(value);
        if (comment.success) comments.push(comment.data);
      }
    }
    return byTask(comments);
  });
}

function Export({ project }: { project: Project }) {
  const rep = useRep();
  const online = useOnline();
  const tasks = useProjectTasks(project.id);
  const labels = useLabels(project.workspaceId);
  const members = useMembers(project.workspaceId);
  const statuses = useAllProjectStatuses(project.id);
  const base = `${project.key.toLowerCase()}-tasks`;

  const exportJson = () => {
    // The store holds the comments of the tasks opened on this device only: the server has
    // all of them. Offline, the export says it holds those the store has.
    const download = (comments: Map<string, Comment[]>) => {
      const text = projectToJson({ project, tasks, labels, members, statuses, comments });
      downloadFile(`${base}.json`, "application/json", text);
    };
    if (!online) {
      void storedComments(rep, tasks).then((comments) => {
        download(comments);
        toast.info("Offline: the export holds the comments of tasks opened on this device.");
      }, showError);
      return;
    }
    void getJson(
      `/api/projects/${encodeURIComponent(project.id)}/comments`,
      projectCommentsSchema,
    ).then(({ comments }) => download(byTask(comments)), showError);
  };

  return (
    <section className="settings-section">
      <h2>Export</h2>
      {tasks.length === 0 ? (
        <p className="muted">
          This project has no tasks yet: add them on its board, or import a file below.
        </p>
      ) : (
        <p className="muted">
          {tasks.length === 1 ? "1 task" : `${tasks.length} tasks`}, as they are in this browser.
          JSON keeps labels and comments; CSV has one row per task for spreadsheets.
        </p>
      )}
      <div className="action-row">
        <Button size="lg" onClick={exportJson}>
          Export JSON
        </Button>
        <Button
          size="lg"
          onClick={() =>
            downloadFile(
              `${base}.csv`,
              "text/csv",
              projectToCsv({ project, tasks, labels, members, statuses }),
            )
          }
        >
          Export CSV
        </Button>
      </div>
    </section>
  );
}

type ImportReport = {
  imported: number;
  refused: RefusedRow[];
  /** Statuses the project lacks, for someone who may not add them: where their tasks went. */
  mapped: { from: string; to: string }[];
};

type ImportProps = { project: Project; canAssign: boolean; canEditWorkflow: boolean };

function Import({ project, canAssign, canEditWorkflow }: ImportProps) {
  const rep = useRep();
  const tasks = useProjectTasks(project.id);
  const labels = useLabels(project.workspaceId);
  const members = useMembers(project.workspaceId);
  const statuses = useAllProjectStatuses(project.id);
  const [report, setReport] = useState<ImportReport | null>(null);

  const importFile = async (file: File) => {
    const plan = planImport(parseTaskFile(await file.text()), {
      projectId: project.id,
      workspaceId: project.workspaceId,
      members,
      labels,
      statuses,
      projectTasks: tasks,
      canAssign,
      canEditWorkflow,
      newId: () => nanoid(),
      now: new Date().toISOString(),
    });
    await Promise.all(plan.labels.map((label) => rep.mutate.createLabel(label)));
    await Promise.all(plan.statuses.map((status) => rep.mutate.createStatus(status)));
    await Promise.all(plan.tasks.map((task) => rep.mutate.createTask(task)));
    const done = {
      imported: plan.tasks.length,
      refused: plan.refused,
      mapped: plan.mappedStatuses,
    };
    setReport(done);
    toast.success(summary(done));
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) importFile(file).catch(showError);
  };

  return (
    <section className="settings-section">
      <h2>Import</h2>
      <p className="muted">
        Tasks from a JSON or CSV export of this app, or from a Kaneo JSON export. They are added at
        the end of their columns; assignees are matched by email, labels and statuses by name
        (missing labels are created, and so are missing statuses, by owners and admins).
      </p>
      <div className="field">
        <label htmlFor="import-file">File to import</label>
        <input
          id="import-file"
          type="file"
          accept=".json,.csv,application/json,text/csv"
          onChange={choose}
        />
      </div>
      {report && (
        <div role="status" className="notice">
          <p>{summary(report)}</p>
          {report.mapped.length > 0 && (
            <ul>
              {report.mapped.map(({ from, to }) => (
                <li key={from}>
                  This project has no status “{from}”: its tasks went to {to}.
                </li>
              ))}
            </ul>
          )}
          {report.refused.length > 0 && (
            <ul>
              {report.refused.map((row) => (
                <li key={`${row.row}-${row.reason}`}>
                  {row.row > 0 ? `Row ${row.row}: ` : ""}
                  {row.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}

function summary({ imported, refused }: Pick<ImportReport, "imported" | "refused">): string {
  const tasks = imported === 1 ? "1 task" : `${imported} tasks`;
  const rows = refused.length === 1 ? "1 row refused" : `${refused.length} rows refused`;
  return `Imported ${tasks}; ${rows}`;
}
