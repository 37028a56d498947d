import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  taskPriorities,
  taskStatuses,
  type Label,
  type Member,
  type TaskPriority,
  type TaskStatus,
} from "../../../shared/entities.ts";
import { CheckboxField, TextField } from "../../components/text-field.tsx";
import { priorityNames, statusNames } from "../../lib/task-names.ts";
import type { NewTask } from "./use-task-actions.ts";

type CreateTaskDialogProps = {
  open: boolean;
  members: readonly Member[];
  labels: readonly Label[];
  /** Members may create tasks but not assign them: the assignee field is left out. */
  canAssign: boolean;
  onCreate: (task: NewTask) => void;
  onClose: () => void;
};

type Draft = {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  assigneeId: string;
  dueDate: string;
  labelIds: string[];
};

const emptyDraft: Draft = {
  title: "",
  description: "",
  status: "to-do",
  priority: "no-priority",
  assigneeId: "",
  dueDate: "",
  labelIds: [],
};

/** "New task" with every field; the task goes to the bottom of its column. */
export function CreateTaskDialog(props: CreateTaskDialogProps) {
  const { open, members, labels, canAssign, onCreate, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [draft, setDraft] = useState(emptyDraft);
  const [submitted, setSubmitted] = useState(false);
  const update = (changes: Partial<Draft>) => setDraft((current) => ({ ...current, ...changes }));

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setDraft(emptyDraft);
      setSubmitted(false);
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);

  const titleMissing = draft.title.trim() === "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (titleMissing) return;
    onCreate({
      title: draft.title.trim(),
      description: draft.description,
      status: draft.status,
      priority: draft.priority,
      ...(canAssign && draft.assigneeId ? { assigneeId: draft.assigneeId } : {}),
      dueDate: draft.dueDate || null,
      labelIds: draft.labelIds,
    });
    onClose();
  };

  return (
    <dialog
      ref={dialog}
      className="dialog dialog-wide"
      aria-labelledby={`${id}-title`}
      onClose={onClose}
    >
      <form className="form" onSubmit={submit} noValidate>
        <h2 id={`${id}-title`}>New task</h2>
        <TextField
          label="Title"
          required
          autoFocus
          maxLength={500}
          value={draft.title}
          aria-invalid={submitted && titleMissing}
          hint={
            submitted && titleMissing ? (
              <span className="field-error">A task needs a title.</span>
            ) : undefined
          }
          onChange={(event) => update({ title: event.target.value })}
        />
        <div className="field">
          <label htmlFor={`${id}-description`}>Description (optional)</label>
          <textarea
            id={`${id}-description`}
            className="input"
            rows={4}
            maxLength={100_000}
            placeholder="Markdown is welcome"
            value={draft.description}
            onChange={(event) => update({ description: event.target.value })}
          />
        </div>
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${id}-status`}>Status</label>
            <select
              id={`${id}-status`}
              className="input"
              value={draft.status}
              onChange={(event) => {
                const status = taskStatuses.find((choice) => choice === event.target.value);
                if (status) update({ status });
              }}
            >
              {taskStatuses.map((status) => (
                <option key={status} value={status}>
                  {statusNames[status]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-priority`}>Priority</label>
            <select
              id={`${id}-priority`}
              className="input"
              value={draft.priority}
              onChange={(event) => {
                const priority = taskPriorities.find((choice) => choice === event.target.value);
                if (priority) update({ priority });
              }}
            >
              {taskPriorities.map((priority) => (
                <option key={priority} value={priority}>
                  {priorityNames[priority]}
                </option>
              ))}
            </select>
          </div>
          {canAssign && (
            <div className="field">
              <label htmlFor={`${id}-assignee`}>Assignee</label>
              <select
                id={`${id}-assignee`}
                className="input"
                value={draft.assigneeId}
                onChange={(event) => update({ assigneeId: event.target.value })}
              >
                <option value="">No assignee</option>
                {members.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name || member.email}
                  </option>
                ))}
              </select>
            </div>
          )}
          <TextField
            label="Due date"
            type="date"
            value={draft.dueDate}
            onChange={(event) => update({ dueDate: event.target.value })}
          />
        </div>
        <fieldset className="label-choice">
          <legend>Labels</legend>
          {labels.length === 0 ? (
            <p className="muted">No labels in this workspace yet.</p>
          ) : (
            labels.map((label) => (
              <CheckboxField
                key={label.id}
                label={label.name}
                checked={draft.labelIds.includes(label.id)}
                onChange={(event) =>
                  update({
                    labelIds: event.target.checked
                      ? [...draft.labelIds, label.id]
                      : draft.labelIds.filter((labelId) => labelId !== label.id),
                  })
                }
              />
            ))
          )}
        </fieldset>
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary">
            Create task
          </button>
        </div>
      </form>
    </dialog>
  );
}
