import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { createLazyRoute } from "@tanstack/react-router";
import { GripVertical, Plus, Trash2 } from "lucide-react";
import { nanoid } from "nanoid";
import { useId, useMemo, useState, type KeyboardEvent } from "react";
import { toast } from "sonner";
import type { Project, Status } from "../../../shared/entities.ts";
import {
  defaultStatuses,
  MAX_STATUSES_PER_PROJECT,
  requiredCategories,
  squashStatusName,
} from "../../../shared/statuses.ts";
import { canPerform } from "../../../shared/sync-permissions.ts";
import { positionAfter, positionBetween } from "../../../shared/task-position.ts";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { showError } from "../../lib/api-errors.ts";
import { statusColorNames, statusIconNames } from "../../lib/task-names.ts";
import { useAllProjectStatuses } from "../../platform/statuses.ts";
import { useRep } from "../../platform/sync/replicache-provider.tsx";
import { useProjectColumns } from "../../platform/sync/store-hooks.ts";
import { columnOf, type StatusColumns } from "../../platform/sync/task-store.ts";
import { Button } from "../../ui/button.tsx";
import { IconButton } from "../../ui/icon-button.tsx";
import {
  Menu,
  MenuContent,
  MenuGroup,
  MenuGroupLabel,
  MenuRadioGroup,
  MenuRadioItem,
  MenuSeparator,
  MenuTrigger,
} from "../../ui/menu.tsx";
import { statusColorValue, StatusIcon } from "../../ui/status-icon.tsx";
import { ProjectSettingsPage } from "./project-settings-page.tsx";
import "../../styles/workflow.css";
import {
  categoryNames,
  statusCategories,
  statusColors,
  statusIcons,
  type StatusCategory,
  type StatusColor,
  type StatusIconName,
} from "../../../shared/status-palette.ts";

export const Route = createLazyRoute(
  "/_authenticated/dashboard/settings/projects/$projectId/workflow",
)({ component: ProjectWorkflowSettings });

function ProjectWorkflowSettings() {
  const { projectId } = Route.useParams();
  return (
    <ProjectSettingsPage projectId={projectId} title="Workflow">
      {(project, role) => (
        <Workflow project={project} canEdit={canPerform(role, "project.workflow")} />
      )}
    </ProjectSettingsPage>
  );
}

/** What each category means for the screens, under its heading. */
const categoryHints: Record<StatusCategory, string> = {
  backlog: "Not planned yet: listed in the backlog.",
  unstarted: "Planned, not begun: a column each. New tasks start in the first.",
  started: "Under way: a column each.",
  completed: "Finished: a column each. Counts as done everywhere.",
  canceled: "Put away: listed in the backlog. Counts as done, never as overdue.",
};

type Editing = { canEdit: boolean; live: readonly Status[] };

/**
 * A project's workflow (owners and admins; others read it): its statuses grouped by category,
 * each renamed in place, recoloured and given an icon from its menu, reordered within its
 * category by dragging its handle (or from the keyboard: Space on the handle, arrows, Space),
 * added per category, and deleted with a question: where its tasks go.
 */
function Workflow({ project, canEdit }: { project: Project; canEdit: boolean }) {
  const all = useAllProjectStatuses(project.id);
  const live = useMemo(() => all.filter((status) => status.replacedBy === null), [all]);
  const columns = useProjectColumns(project.id);
  const [deleting, setDeleting] = useState<Status | null>(null);
  const editing: Editing = { canEdit, live };

  return (
    <div className="workflow">
      <p className="muted">
        Every task is in one of these statuses. The board shows a column for each unstarted, started
        and completed status, in this order; the backlog lists the backlog and canceled ones.
      </p>
      {!canEdit && <p className="notice">Only owners and admins can change this workflow.</p>}
      {statusCategories.map((category) => (
        <CategoryGroup
          key={category}
          project={project}
          category={category}
          statuses={live.filter((status) => status.category === category)}
          columns={columns}
          editing={editing}
          onDelete={setDeleting}
        />
      ))}
      <DeleteStatusDialog
        project={project}
        status={deleting}
        live={live}
        count={deleting ? columnOf(columns, deleting.id).length : 0}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

type CategoryGroupProps = {
  project: Project;
  category: StatusCategory;
  /** The category's statuses, in order. */
  statuses: readonly Status[];
  columns: StatusColumns;
  editing: Editing;
  onDelete: (status: Status) => void;
};

function CategoryGroup(props: CategoryGroupProps) {
  const { project, category, statuses, columns, editing, onDelete } = props;
  const rep = useRep();
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => statuses.map((status) => status.id), [statuses]);
  const named = (id: string | number) =>
    statuses.find((status) => status.id === String(id))?.name ?? "the status";
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${named(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over?.id === active.id
        ? `${named(active.id)} is in its place.`
        : over
          ? `${named(active.id)} is at the place of ${named(over.id)}.`
          : "",
    onDragEnd: ({ active, over }) =>
      over ? `${named(active.id)} was dropped at the place of ${named(over.id)}.` : "",
    onDragCancel: ({ active }) => `Moving ${named(active.id)} was cancelled.`,
  };

  // The new place among the category's statuses: a key between its new neighbours.
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    const others = statuses.filter((status) => status.id !== String(active.id));
    const before = others[to - 1]?.position ?? null;
    const after = others.slice(to).find((status) => before === null || status.position > before);
    void rep.mutate
      .updateStatus({
        id: String(active.id),
        projectId: project.id,
        position: positionBetween(before, after?.position ?? null),
        updatedAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The status could not be moved"));
  };

  const full = editing.live.length >= MAX_STATUSES_PER_PROJECT;
  return (
    <section className="workflow-category" aria-labelledby={headingId}>
      <header className="workflow-category-header">
        <div>
          <h2 id={headingId}>{categoryNames[category]}</h2>
          <p className="muted">{categoryHints[category]}</p>
        </div>
        {editing.canEdit && (
          <Button
            variant="ghost"
            size="sm"
            icon={<Plus aria-hidden />}
            disabled={full}
            onClick={() => setAdding(true)}
          >
            Add status<span className="visually-hidden"> to {categoryNames[category]}</span>
          </Button>
        )}
      </header>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={{ announcements }}
        onDragEnd={onDragEnd}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <ul className="workflow-list" aria-label={`${categoryNames[category]} statuses`}>
            {statuses.length === 0 && !adding && (
              <li className="muted workflow-empty">No status in this category.</li>
            )}
            {statuses.map((status) => (
              <StatusRow
                key={status.id}
                project={project}
                status={status}
                count={columnOf(columns, status.id).length}
                editing={editing}
                lastOfRequired={requiredCategories.includes(category) && statuses.length === 1}
                onDelete={onDelete}
              />
            ))}
            {adding && (
              <NewStatusRow
                project={project}
                category={category}
                statuses={statuses}
                live={editing.live}
                onDone={() => setAdding(false)}
              />
            )}
          </ul>
        </SortableContext>
      </DndContext>
    </section>
  );
}

/** Whether another status of the project already has this name, as people read names. */
function nameTaken(live: readonly Status[], name: string, except?: string): Status | undefined {
  const wanted = squashStatusName(name);
  return live.find((status) => status.id !== except && squashStatusName(status.name) === wanted);
}

type StatusRowProps = {
  project: Project;
  status: Status;
  count: number;
  editing: Editing;
  /** The only status of a category the board needs: it cannot go. */
  lastOfRequired: boolean;
  onDelete: (status: Status) => void;
};

function StatusRow({ project, status, count, editing, lastOfRequired, onDelete }: StatusRowProps) {
  const rep = useRep();
  const [name, setName] = useState<string | null>(null);
  const sortable = useSortable({ id: status.id, disabled: !editing.canEdit });
  const style = {
    transform: CSS.Transform.toString(sortable.transform),
    transition: sortable.transition,
  };

  const update = (changes: { name?: string; color?: StatusColor; icon?: StatusIconName | null }) =>
    void rep.mutate
      .updateStatus({
        id: status.id,
        projectId: project.id,
        ...changes,
        updatedAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The status could not be saved"));

  const saveName = () => {
    const next = name?.trim();
    setName(null);
    if (!next || next === status.name) return;
    const clash = nameTaken(editing.live, next, status.id);
    if (clash) toast.error(`This project already has a status named “${clash.name}”.`);
    else update({ name: next });
  };

  return (
    <li
      ref={sortable.setNodeRef}
      style={style}
      className="workflow-row"
      data-dragging={sortable.isDragging || undefined}
    >
      {editing.canEdit && (
        <button
          type="button"
          className="workflow-handle"
          aria-label={`Reorder ${status.name}`}
          {...sortable.attributes}
          {...sortable.listeners}
        >
          <GripVertical aria-hidden />
        </button>
      )}
      <AppearanceMenu status={status} canEdit={editing.canEdit} onChange={update} />
      <input
        className="input workflow-name"
        aria-label={`Name of status ${status.name}`}
        maxLength={50}
        readOnly={!editing.canEdit}
        value={name ?? status.name}
        onChange={(event) => setName(event.target.value)}
        onBlur={saveName}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === "Enter") event.currentTarget.blur();
          if (event.key === "Escape") setName(null);
        }}
      />
      <span className="muted workflow-count">{count === 1 ? "1 task" : `${count} tasks`}</span>
      {editing.canEdit && (
        <IconButton
          icon={<Trash2 />}
          size="sm"
          aria-label={
            lastOfRequired
              ? `${status.name} cannot be deleted: the board needs a ${categoryNames[status.category].toLowerCase()} status`
              : `Delete status ${status.name}`
          }
          disabled={lastOfRequired}
          onClick={() => onDelete(status)}
        />
      )}
    </li>
  );
}

type AppearanceMenuProps = {
  status: Status;
  canEdit: boolean;
  onChange: (changes: { color?: StatusColor; icon?: StatusIconName | null }) => void;
};

/** The status's icon as a button: its menu picks a colour of the palette and an icon. */
function AppearanceMenu({ status, canEdit, onChange }: AppearanceMenuProps) {
  const icon = (
    <StatusIcon category={status.category} color={status.color} icon={status.icon} size={16} />
  );
  if (!canEdit) return <span className="workflow-appearance">{icon}</span>;
  return (
    <Menu>
      <MenuTrigger
        className="workflow-appearance"
        aria-label={`Colour and icon of ${status.name}: ${statusColorNames[status.color]}, ${status.icon ? statusIconNames[status.icon] : "category shape"}`}
      >
        {icon}
      </MenuTrigger>
      <MenuContent aria-label={`Colour and icon of ${status.name}`}>
        <MenuGroup>
          <MenuGroupLabel>Colour</MenuGroupLabel>
          <MenuRadioGroup
            value={status.color}
            onValueChange={(color: StatusColor) => onChange({ color })}
          >
            {statusColors.map((color) => (
              <MenuRadioItem
                key={color}
                value={color}
                closeOnClick
                icon={
                  <span
                    className="workflow-swatch"
                    style={{ background: statusColorValue(color) }}
                  />
                }
              >
                {statusColorNames[color]}
              </MenuRadioItem>
            ))}
          </MenuRadioGroup>
        </MenuGroup>
        <MenuSeparator />
        <MenuGroup>
          <MenuGroupLabel>Icon</MenuGroupLabel>
          <MenuRadioGroup
            value={status.icon ?? ""}
            onValueChange={(value: StatusIconName | "") => onChange({ icon: value || null })}
          >
            <MenuRadioItem
              value=""
              closeOnClick
              icon={<StatusIcon category={status.category} color={status.color} />}
            >
              Category shape
            </MenuRadioItem>
            {statusIcons.map((name) => (
              <MenuRadioItem
                key={name}
                value={name}
                closeOnClick
                icon={<StatusIcon category={status.category} color={status.color} icon={name} />}
              >
                {statusIconNames[name]}
              </MenuRadioItem>
            ))}
          </MenuRadioGroup>
        </MenuGroup>
      </MenuContent>
    </Menu>
  );
}

type NewStatusRowProps = {
  project: Project;
  category: StatusCategory;
  statuses: readonly Status[];
  live: readonly Status[];
  onDone: () => void;
};

/** A name and Enter add a status at the end of its category, in the category's usual colour. */
function NewStatusRow({ project, category, statuses, live, onDone }: NewStatusRowProps) {
  const rep = useRep();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  const color = defaultStatuses.find((status) => status.category === category)?.color ?? "gray";

  const create = () => {
    const trimmed = name.trim();
    if (!trimmed) return onDone();
    const clash = nameTaken(live, trimmed);
    if (clash) {
      setProblem(`This project already has a status named “${clash.name}”.`);
      return;
    }
    onDone();
    void rep.mutate
      .createStatus({
        id: nanoid(),
        projectId: project.id,
        name: trimmed,
        category,
        color,
        position: positionAfter(statuses.map((status) => status.position)),
        createdAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The status could not be added"));
  };

  return (
    <li className="workflow-row workflow-row-new">
      <span className="workflow-appearance">
        <StatusIcon category={category} color={color} size={16} />
      </span>
      <input
        className="input workflow-name"
        aria-label={`New ${categoryNames[category].toLowerCase()} status`}
        aria-invalid={problem !== null}
        aria-describedby={problem ? problemId : undefined}
        placeholder="Status name, then Enter"
        maxLength={50}
        autoFocus
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(null);
        }}
        onBlur={() => {
          if (!name.trim()) onDone();
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            create();
          }
          if (event.key === "Escape") onDone();
        }}
      />
      {problem && (
        <span id={problemId} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </li>
  );
}

type DeleteStatusDialogProps = {
  project: Project;
  status: Status | null;
  live: readonly Status[];
  /** Its tasks now. */
  count: number;
  onClose: () => void;
};

/**
 * Deleting asks where the status's tasks go (they move to the bottom of that status, for
 * everyone); a move into it made offline lands there too.
 */
function DeleteStatusDialog({ project, status, live, count, onClose }: DeleteStatusDialogProps) {
  const rep = useRep();
  const fieldId = useId();
  const others = live.filter((candidate) => candidate.id !== status?.id);
  const suggested =
    others.find((candidate) => candidate.category === status?.category) ??
    others.find((candidate) => candidate.category === "unstarted") ??
    others[0];
  const [chosen, setChosen] = useState<string | null>(null);
  const replacement = others.find((candidate) => candidate.id === chosen) ?? suggested;

  const close = () => {
    setChosen(null);
    onClose();
  };
  const remove = () => {
    if (!status || !replacement) return;
    close();
    rep.mutate
      .deleteStatus({
        id: status.id,
        projectId: project.id,
        replacementId: replacement.id,
        updatedAt: new Date().toISOString(),
      })
      .then(() => toast.success(`Status ${status.name} was deleted`))
      .catch((error: unknown) => showError(error, "The status could not be deleted"));
  };

  return (
    <ConfirmDialog
      open={status !== null}
      title={status ? `Delete status “${status.name}”?` : ""}
      confirmLabel="Delete status"
      pending={!replacement}
      onConfirm={remove}
      onClose={close}
    >
      <div className="field">
        <label htmlFor={fieldId}>
          {count === 0
            ? "Tasks moved into it later go to"
            : count === 1
              ? "Its task moves to"
              : `Its ${count} tasks move to`}
        </label>
        <select
          id={fieldId}
          className="input"
          value={replacement?.id ?? ""}
          onChange={(event) => setChosen(event.target.value)}
        >
          {statusCategories.map((category) => {
            const choices = others.filter((candidate) => candidate.category === category);
            if (choices.length === 0) return null;
            return (
              <optgroup key={category} label={categoryNames[category]}>
                {choices.map((candidate) => (
                  <option key={candidate.id} value={candidate.id}>
                    {candidate.name}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
      </div>
      <p className="muted">
        {count === 0
          ? "It has no tasks now."
          : count === 1
            ? "It goes to the bottom of that status."
            : "They go to the bottom of that status, in their order."}{" "}
        Someone who moved a task into it while offline finds it there too.
      </p>
    </ConfirmDialog>
  );
}
