import { Link } from "@tanstack/react-router";
import { Ban, Copy, Link2, OctagonAlert, Plus, X } from "lucide-react";
import { nanoid } from "nanoid";
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import type { Project, Relation, Task } from "../../../shared/entities.ts";
import {
  otherTaskId,
  relationFromSide,
  relationSide,
  type RelationSide,
} from "../../../shared/relations.ts";
import { formatTaskKey } from "../../../shared/task-key.ts";
import { showError } from "../../lib/api-errors.ts";
import { useTaskStatusOf } from "../../platform/statuses.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { useRelations, useTasksById } from "../../platform/sync/store-hooks.ts";
import { Button } from "../../ui/button.tsx";
import { IconButton } from "../../ui/icon-button.tsx";
import { Menu, MenuContent, MenuItem, MenuTrigger } from "../../ui/menu.tsx";
import { TaskPicker } from "../../ui/pickers/task-picker.tsx";
import { StatusIcon } from "../../ui/status-icon.tsx";
import { useRemoteTaskSearch, useTaskSearch } from "./use-task-search.ts";

/** The groups of the section, in the order Linear shows them, with their headings. */
const sides: { side: RelationSide; heading: string; add: string; icon: ReactNode }[] = [
  {
    side: "blocked-by",
    heading: "Blocked by",
    add: "Blocked by…",
    icon: <OctagonAlert aria-hidden />,
  },
  { side: "blocks", heading: "Blocking", add: "Blocking…", icon: <Ban aria-hidden /> },
  { side: "relates", heading: "Related", add: "Related to…", icon: <Link2 aria-hidden /> },
  {
    side: "duplicate-of",
    heading: "Duplicate of",
    add: "Duplicate of…",
    icon: <Copy aria-hidden />,
  },
  {
    side: "duplicated-by",
    heading: "Duplicates",
    add: "Duplicated by…",
    icon: <Copy aria-hidden />,
  },
];

/** What a relation reads as, after "Remove relation": "blocked by WEB-3". */
const sideWords: Record<RelationSide, string> = {
  "blocked-by": "blocked by",
  blocks: "blocking",
  relates: "related to",
  "duplicate-of": "duplicate of",
  "duplicated-by": "duplicated by",
};

type TaskRelationsProps = {
  task: Task;
  /** The workspace's projects: related tasks may be in any of them. */
  projects: readonly Project[];
  canEdit: boolean;
};

/**
 * The task's relations to other tasks of the workspace (any project), grouped as Linear groups
 * them: blocked by, blocking, related, duplicate of, duplicates. Added with a task search
 * picker after choosing the kind; each one removable. Both tasks show the relation.
 */
export function TaskRelations({ task, projects, canEdit }: TaskRelationsProps) {
  const { rep, tasks } = useSync();
  const workspaceId = task.workspaceId;
  const all = useRelations(workspaceId);
  const relations = useMemo(
    () => all.filter((r) => r.taskId === task.id || r.relatedTaskId === task.id),
    [all, task.id],
  );
  const otherIds = useMemo(
    () => relations.map((r) => otherTaskId(r, task.id)),
    [relations, task.id],
  );
  const others = useTasksById(otherIds);
  const projectsById = useMemo(() => new Map(projects.map((p) => [p.id, p])), [projects]);
  const statusOf = useTaskStatusOf(workspaceId);
  const [adding, setAdding] = useState<RelationSide | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const related = useMemo(() => new Set(otherIds), [otherIds]);
  const allowed = useCallback(
    (candidate: Task) => candidate.id !== task.id && !related.has(candidate.id),
    [task.id, related],
  );
  const search = useTaskSearch(workspaceId, projects, allowed);
  const remote = useRemoteTaskSearch(workspaceId, task.id, related);

  const add = (side: RelationSide, otherId: string, otherProjectId: string | undefined) => {
    const pair = relationFromSide(task.id, side, otherId);
    // The projects of both tasks: a relation into a project not in this browser loads it.
    const projectOf = (id: string) =>
      id === task.id ? task.projectId : (otherProjectId ?? tasks.taskById(id)?.projectId);
    const taskProjectId = projectOf(pair.taskId);
    const relatedProjectId = projectOf(pair.relatedTaskId);
    void rep.mutate
      .addRelation({
        id: nanoid(),
        workspaceId,
        ...pair,
        ...(taskProjectId ? { taskProjectId } : {}),
        ...(relatedProjectId ? { relatedProjectId } : {}),
        createdAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The relation could not be added"));
  };
  const remove = (relation: Relation) =>
    void rep.mutate
      .removeRelation({ id: relation.id, workspaceId, removedAt: new Date().toISOString() })
      .catch((error: unknown) => showError(error, "The relation could not be removed"));

  if (relations.length === 0 && !canEdit) return null;
  const keyOf = (other: Task) => {
    const project = projectsById.get(other.projectId);
    return project ? formatTaskKey(project.key, other.number) : `#${other.number}`;
  };
  const pending = adding && sides.find((entry) => entry.side === adding);

  return (
    <section className="task-links" aria-labelledby="task-relations-heading">
      <div className="task-links-header">
        <h2 id="task-relations-heading">Relations</h2>
        {canEdit && (
          <Menu>
            <MenuTrigger
              render={
                <Button
                  ref={addButton}
                  variant="ghost"
                  size="sm"
                  icon={<Plus aria-hidden />}
                  className="task-links-add"
                />
              }
            >
              Add relation
            </MenuTrigger>
            <MenuContent align="end">
              {sides.map((entry) => (
                <MenuItem key={entry.side} icon={entry.icon} onClick={() => setAdding(entry.side)}>
                  {entry.add}
                </MenuItem>
              ))}
            </MenuContent>
          </Menu>
        )}
      </div>
      {relations.length === 0 && <p className="task-links-empty">No relations yet.</p>}
      {sides.map(({ side, heading, icon }) => {
        const group = relations.filter((relation) => relationSide(relation, task.id) === side);
        if (group.length === 0) return null;
        return (
          <div key={side} className="task-link-group" data-side={side}>
            <h3 id={`task-relations-${side}`}>
              {icon}
              {heading}
            </h3>
            <ul className="task-link-list" aria-labelledby={`task-relations-${side}`}>
              {group.map((relation) => {
                const other = others.get(otherTaskId(relation, task.id));
                if (!other) return null;
                const status = statusOf(other);
                const key = keyOf(other);
                return (
                  <li key={relation.id} className="task-link-row">
                    {status && (
                      <StatusIcon
                        category={status.category}
                        color={status.color}
                        label={status.name}
                      />
                    )}
                    <span className="task-link-key">{key}</span>
                    <Link
                      className="task-link-title"
                      to="/dashboard/workspace/$workspaceId/project/$projectId/task/$taskId"
                      params={{ workspaceId, projectId: other.projectId, taskId: other.id }}
                    >
                      {other.title}
                    </Link>
                    {canEdit && (
                      <IconButton
                        className="task-link-remove"
                        size="sm"
                        icon={<X aria-hidden />}
                        aria-label={`Remove relation ${sideWords[side]} ${key}`}
                        onClick={() => remove(relation)}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
      {canEdit && (
        <TaskPicker
          search={search}
          open={adding !== null}
          onOpenChange={(open) => {
            if (!open) setAdding(null);
          }}
          remote={remote}
          onChange={(otherId, option) => {
            if (adding) add(adding, otherId, option.projectId);
          }}
          title={pending ? `Add relation: ${pending.add}` : "Add relation"}
          placeholder={pending ? `${pending.add} search by key or title` : "Search tasks…"}
          anchor={addButton}
          finalFocus={addButton}
        />
      )}
    </section>
  );
}
