import { memo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import type { Label, Member, Project } from "../../../shared/entities.ts";
import { canPerform } from "../../../shared/sync-permissions.ts";
import { showError } from "../../lib/api-errors.ts";
import { useSession } from "../../platform/session/session-store.ts";
import { modKeyLabel } from "../../platform/shortcuts/use-shortcuts.ts";
import { useProjectStatuses } from "../../platform/statuses.ts";
import { createLabel } from "../../platform/sync/create-label.ts";
import { useRep } from "../../platform/sync/replicache-provider.tsx";
import { useWorkspace } from "../../platform/sync/store-hooks.ts";
import { CommentField } from "../../task-parts/comment-field.tsx";
import { GrowTextarea } from "../../ui/grow-textarea.tsx";
import { Button } from "../../ui/button.tsx";
import { Dialog, DialogContent } from "../../ui/dialog.tsx";
import { Kbd } from "../../ui/kbd.tsx";
import { AssigneePicker, memberOptions } from "../../ui/pickers/assignee-picker.tsx";
import { DueDatePicker } from "../../ui/pickers/due-date-picker.tsx";
import { LabelsPicker } from "../../ui/pickers/labels-picker.tsx";
import { PriorityPicker } from "../../ui/pickers/priority-picker.tsx";
import { StatusPicker } from "../../ui/pickers/status-picker.tsx";
import { discardDraft, emptyDraft, hasContent, readDraft, saveDraft } from "./task-draft.ts";
import type { TaskDraft } from "./task-draft.ts";
import type { NewTask } from "./cards/use-task-actions.ts";
import "../../styles/create-task.css";

type CreateTaskDialogProps = {
  open: boolean;
  /** The project the task goes into: its statuses, and the draft kept for it. */
  project: Project;
  members: readonly Member[];
  labels: readonly Label[];
  /** Members may create tasks but not assign them: the assignee chip is left out. */
  canAssign: boolean;
  onCreate: (task: NewTask) => void;
  onClose: () => void;
};

/**
 * New task, as in Linear: a large title that wraps, the description, then the properties as
 * chips (pickers). Enter in the title or Mod+Enter anywhere creates; closing keeps what was
 * typed as the project's draft (task-draft.ts). The task goes to the bottom of its column.
 */
export const CreateTaskDialog = memo(function CreateTaskDialog(props: CreateTaskDialogProps) {
  const { open, project, onClose } = props;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {/* Mounted only while open: every opening starts from the stored draft. */}
      {open && <TaskForm key={project.id} {...props} />}
    </Dialog>
  );
});

function TaskForm(props: CreateTaskDialogProps) {
  const { project, members, labels, canAssign, onCreate, onClose } = props;
  const rep = useRep();
  const session = useSession();
  const workspace = useWorkspace(project.workspaceId);
  const statuses = useProjectStatuses(project.id);
  const title = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState(() => readDraft(project.id));
  const [submitted, setSubmitted] = useState(false);
  const canCreateLabel = canPerform(workspace?.role ?? "", "label.create");

  const update = (changes: Partial<TaskDraft>) =>
    setDraft((current) => {
      const next = { ...current, ...changes };
      saveDraft(project.id, next);
      return next;
    });

  const titleMissing = draft.title.trim() === "";
  // The draft's status while the project has it, else where new work starts (its first
  // unstarted status): a draft kept from before a status was deleted does not point nowhere.
  const status =
    statuses.find((candidate) => candidate.id === draft.status)?.id ??
    statuses.find((candidate) => candidate.category === "unstarted")?.id ??
    draft.status;

  const create = () => {
    setSubmitted(true);
    if (titleMissing) {
      title.current?.focus();
      return;
    }
    onCreate({
      title: draft.title.trim(),
      description: draft.description,
      status,
      priority: draft.priority,
      ...(canAssign && draft.assigneeId ? { assigneeId: draft.assigneeId } : {}),
      dueDate: draft.dueDate,
      labelIds: draft.labelIds,
    });
    discardDraft(project.id);
    onClose();
  };

  const discard = () => {
    discardDraft(project.id);
    setDraft(emptyDraft);
    setSubmitted(false);
    title.current?.focus();
  };

  const addNewLabel = async (name: string) => {
    try {
      const id = await createLabel(rep, project.workspaceId, name, labels);
      setDraft((current) => {
        const next = { ...current, labelIds: [...current.labelIds, id] };
        saveDraft(project.id, next);
        return next;
      });
    } catch (error) {
      showError(error, "The label could not be created");
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      create();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create();
  };

  const formId = `new-task-${project.id}`;
  return (
    <DialogContent
      title="New task"
      description={
        <>
          {project.icon ? `${project.icon} ` : ""}
          {project.name}
        </>
      }
      size="lg"
      className="create-task-dialog"
      initialFocus={title}
      footer={
        <>
          {hasContent(draft) && (
            <Button variant="ghost" className="create-task-discard" onClick={discard}>
              Discard draft
            </Button>
          )}
          <span className="create-task-hint" aria-hidden="true">
            <Kbd keys={[modKeyLabel, "↵"]} />
          </span>
          <Button variant="primary" type="submit" form={formId}>
            Create task
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="create-task-form"
        onSubmit={submit}
        onKeyDown={onKeyDown}
        noValidate
      >
        <GrowTextarea
          ref={title}
          className="field-borderless create-task-title"
          aria-label="Title"
          aria-invalid={submitted && titleMissing}
          aria-describedby={submitted && titleMissing ? `${formId}-error` : undefined}
          placeholder="Task title"
          maxLength={500}
          value={draft.title}
          onChange={(event) => update({ title: event.target.value.replace(/\s*\n\s*/g, " ") })}
          onKeyDown={(event) => {
            // A title is one line: Enter creates, as it always has here.
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault();
              create();
            }
          }}
        />
        {submitted && titleMissing && (
          <p id={`${formId}-error`} className="field-error create-task-error">
            A task needs a title.
          </p>
        )}
        <CommentField
          className="field-borderless create-task-description"
          aria-label="Description (optional)"
          placeholder="Add a description… Type / for blocks, @ to mention someone."
          members={members}
          maxLength={100_000}
          value={draft.description}
          onValueChange={(description) => update({ description })}
        />
        <div className="create-task-chips" role="group" aria-label="Properties">
          <StatusPicker
            value={status}
            statuses={statuses}
            onChange={(statusId) => {
              const status = statuses.find((candidate) => candidate.id === statusId);
              if (status) update({ status: status.id });
            }}
          />
          <PriorityPicker value={draft.priority} onChange={(priority) => update({ priority })} />
          {canAssign && (
            <AssigneePicker
              value={draft.assigneeId}
              members={memberOptions(members)}
              currentUserId={session?.user.id}
              onChange={(assigneeId) => update({ assigneeId })}
            />
          )}
          <LabelsPicker
            value={draft.labelIds}
            labels={labels}
            onChange={(labelIds) => update({ labelIds })}
            onCreate={canCreateLabel ? (name) => void addNewLabel(name) : undefined}
          />
          <DueDatePicker value={draft.dueDate} onChange={(dueDate) => update({ dueDate })} />
        </div>
      </form>
    </DialogContent>
  );
}
