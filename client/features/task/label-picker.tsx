import { nanoid } from "nanoid";
import { useEffect, useId, useRef, useState } from "react";
import { labelColors, type Label, type Task } from "../../../shared/entities.ts";
import { showError } from "../../lib/api-errors.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";

type LabelPickerProps = {
  task: Task;
  labels: readonly Label[];
  canEdit: boolean;
  canCreate: boolean;
  /** Open from outside too: the task page's `l` shortcut. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The task's labels as chips, and a popover listing the workspace's labels with checkboxes;
 * typing a name that does not exist offers to create it (colour: the next of the palette).
 */
export function LabelPicker(props: LabelPickerProps) {
  const { task, labels, canEdit, canCreate, open, onOpenChange: setOpen } = props;
  const { rep } = useSync();
  const [query, setQuery] = useState("");
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, setOpen]);

  const chosen = labels.filter((label) => task.labelIds.includes(label.id));
  const typed = query.trim();
  const matches = labels.filter((label) => label.name.toLowerCase().includes(typed.toLowerCase()));
  const exists = labels.some((label) => label.name.toLowerCase() === typed.toLowerCase());

  const setLabelIds = (labelIds: string[]) =>
    rep.mutate
      .updateTask({
        id: task.id,
        projectId: task.projectId,
        labelIds,
        updatedAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The labels could not be saved"));

  const toggle = (labelId: string, on: boolean) =>
    void setLabelIds(
      on ? [...task.labelIds, labelId] : task.labelIds.filter((id) => id !== labelId),
    );

  const create = async () => {
    const id = nanoid();
    // Gray is for nothing in particular: the first new label gets a colour.
    const color = labelColors[(labels.length + 1) % labelColors.length] ?? "red";
    try {
      await rep.mutate.createLabel({
        id,
        workspaceId: task.workspaceId,
        name: typed,
        color,
        createdAt: new Date().toISOString(),
      });
      setQuery("");
      await setLabelIds([...task.labelIds, id]);
    } catch (error) {
      showError(error, "The label could not be created");
    }
  };

  return (
    <div className="label-picker" ref={root}>
      <ul className="label-chips" aria-label="Labels of this task">
        {chosen.map((label) => (
          <li key={label.id} className="label-chip" data-color={label.color}>
            {label.name}
          </li>
        ))}
        {chosen.length === 0 && <li className="muted">No labels</li>}
      </ul>
      {canEdit && (
        <button
          type="button"
          className="button button-quiet label-picker-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          Edit labels
        </button>
      )}
      {open && (
        <div
          id={panelId}
          className="label-picker-panel"
          role="dialog"
          aria-label="Labels"
          onKeyDown={(event) => {
            if (event.key === "Escape") setOpen(false);
          }}
        >
          <input
            className="input"
            aria-label="Find or create a label"
            placeholder={canCreate ? "Find or create a label…" : "Find a label…"}
            maxLength={50}
            autoFocus
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === "Enter" && typed && !exists && canCreate) {
                event.preventDefault();
                void create();
              }
            }}
          />
          <ul className="label-options">
            {matches.map((label) => (
              <li key={label.id}>
                <label className="checkbox-field">
                  <input
                    type="checkbox"
                    checked={task.labelIds.includes(label.id)}
                    onChange={(event) => toggle(label.id, event.target.checked)}
                  />
                  <span className="label-dot" data-color={label.color} aria-hidden="true" />
                  {label.name}
                </label>
              </li>
            ))}
            {labels.length === 0 && !typed && (
              <li className="muted">No labels yet: type a name to create one.</li>
            )}
          </ul>
          {typed && !exists && canCreate && (
            <button type="button" className="button label-create" onClick={() => void create()}>
              Create label “{typed}”
            </button>
          )}
        </div>
      )}
    </div>
  );
}
