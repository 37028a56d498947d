import { nanoid } from "nanoid";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { labelColors, labelColorSchema, type Label } from "../../../shared/entities.ts";
import { canPerform } from "../../../shared/sync-permissions.ts";
import { Trash2 } from "lucide-react";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { showError } from "../../lib/api-errors.ts";
import { labelColorNames } from "../../lib/task-names.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { useLabels, useWorkspace } from "../../platform/sync/store-hooks.ts";
import { IconButton } from "../../ui/icon-button.tsx";
import "../../styles/labels.css";
import { Button } from "../../ui/button.tsx";

/**
 * The workspace's labels in its settings: anyone adds one; owners and admins rename, recolour
 * and delete (a deleted label leaves every task that had it).
 */
export function WorkspaceLabelsSection({ workspaceId }: { workspaceId: string }) {
  const role = useWorkspace(workspaceId)?.role ?? "";
  const labels = useLabels(workspaceId);
  const canManage = canPerform(role, "label.update");

  return (
    <section className="settings-section" aria-labelledby="workspace-labels">
      <h2 id="workspace-labels">Labels</h2>
      {!canManage && (
        <p className="notice">Only owners and admins can rename, recolour or delete labels.</p>
      )}
      {labels.length === 0 ? (
        <p className="muted">No labels yet. Add one below or from a task&apos;s label picker.</p>
      ) : (
        <ul className="item-list" aria-label="Workspace labels">
          {labels.map((label) =>
            canManage ? (
              <EditableLabel key={label.id} label={label} />
            ) : (
              <li key={label.id} className="label-settings-row">
                <span className="label-chip" data-color={label.color}>
                  {label.name}
                </span>
              </li>
            ),
          )}
        </ul>
      )}
      {canPerform(role, "label.create") && (
        <NewLabelForm workspaceId={workspaceId} colorIndex={labels.length} />
      )}
    </section>
  );
}

function EditableLabel({ label }: { label: Label }) {
  const { rep } = useSync();
  const [name, setName] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const update = (changes: { name?: string; color?: Label["color"] }) =>
    void rep.mutate
      .updateLabel({ id: label.id, ...changes, updatedAt: new Date().toISOString() })
      .catch((error: unknown) => showError(error, "The label could not be saved"));

  const saveName = () => {
    const next = name?.trim();
    setName(null);
    if (next && next !== label.name) update({ name: next });
  };

  const remove = () => {
    setConfirming(false);
    rep.mutate
      .deleteLabel({ id: label.id })
      .then(() => toast.success(`Label ${label.name} was deleted`))
      .catch((error: unknown) => showError(error, "The label could not be deleted"));
  };

  return (
    <li className="label-settings-row">
      <span className="label-dot" data-color={label.color} aria-hidden="true" />
      <input
        className="input label-name"
        aria-label={`Name of label ${label.name}`}
        maxLength={50}
        value={name ?? label.name}
        onChange={(event) => setName(event.target.value)}
        onBlur={saveName}
        onKeyDown={(event) => {
          if (event.key === "Enter") event.currentTarget.blur();
          if (event.key === "Escape") setName(null);
        }}
      />
      <select
        className="input"
        aria-label={`Colour of label ${label.name}`}
        value={label.color}
        onChange={(event) => update({ color: labelColorSchema.parse(event.target.value) })}
      >
        {labelColors.map((color) => (
          <option key={color} value={color}>
            {labelColorNames[color]}
          </option>
        ))}
      </select>
      <IconButton
        aria-label={`Delete label ${label.name}`}
        icon={<Trash2 />}
        size="sm"
        onClick={() => setConfirming(true)}
      />
      <ConfirmDialog
        open={confirming}
        title={`Delete label ${label.name}?`}
        confirmLabel="Delete label"
        pending={false}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      >
        <p>The label is removed from every task that has it. This cannot be undone.</p>
      </ConfirmDialog>
    </li>
  );
}

function NewLabelForm({ workspaceId, colorIndex }: { workspaceId: string; colorIndex: number }) {
  const { rep } = useSync();
  const [name, setName] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setName("");
    rep.mutate
      .createLabel({
        id: nanoid(),
        workspaceId,
        name: trimmed,
        color: labelColors[(colorIndex + 1) % labelColors.length] ?? "red",
        createdAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The label could not be created"));
  };

  return (
    <form className="form form-inline" aria-label="New label" onSubmit={submit}>
      <div className="field field-grow">
        <label htmlFor="new-label-name">New label</label>
        <input
          id="new-label-name"
          className="input"
          maxLength={50}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <Button type="submit" size="lg" disabled={!name.trim()}>
        Add label
      </Button>
    </form>
  );
}
