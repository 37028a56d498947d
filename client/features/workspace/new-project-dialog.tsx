import { nanoid } from "nanoid";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { Project } from "../../../shared/entities.ts";
import { projectKeyProblem, suggestProjectKey } from "../../../shared/project-key-suggestion.ts";
import { TextField } from "../../ui/text-field.tsx";
import { showError } from "../../lib/api-errors.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import { NameField } from "../../ui/name-fields.tsx";
import { Button } from "../../ui/button.tsx";

const icons = ["📁", "🚀", "🎯", "🛠️", "📱", "🌐", "🎨", "📊", "🧪", "📝"] as const;

const keyProblemText = {
  invalid: "2 to 8 uppercase letters or digits, starting with a letter.",
  taken: "Another project in this workspace has this key.",
} as const;

type NewProjectDialogProps = {
  open: boolean;
  workspaceId: string;
  /** The workspace's projects, whose keys a new one may not take. */
  projects: readonly Project[];
  onClose: () => void;
  onCreated: (projectId: string) => void;
};

/** Creates a project in the local store at once; the server checks the key again on push. */
export function NewProjectDialog(props: NewProjectDialogProps) {
  const { open, workspaceId, projects, onClose, onCreated } = props;
  const { rep } = useSync();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [name, setName] = useState("");
  // Null until the person types a key: until then it follows the name.
  const [typedKey, setTypedKey] = useState<string | null>(null);
  const [icon, setIcon] = useState<string>(icons[0]);
  const [description, setDescription] = useState("");
  const [submitted, setSubmitted] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setName("");
      setTypedKey(null);
      setIcon(icons[0]);
      setDescription("");
      setSubmitted(false);
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);

  const takenKeys = projects.map((project) => project.key);
  const key = typedKey ?? suggestProjectKey(name, takenKeys);
  const keyProblem = projectKeyProblem(key, takenKeys);
  // A clash is worth saying at once; a malformed key only once the person tries to create.
  const shownProblem = keyProblem === "taken" || submitted ? keyProblem : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (keyProblem || !name.trim()) return;
    const id = nanoid();
    rep.mutate
      .createProject({
        id,
        workspaceId,
        name: name.trim(),
        key,
        icon,
        description: description.trim(),
        createdAt: new Date().toISOString(),
      })
      .then(() => onCreated(id))
      .catch((error: unknown) => showError(error, "The project could not be created"));
  };

  return (
    <dialog ref={dialog} className="dialog" aria-labelledby={titleId} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <h2 id={titleId}>New project</h2>
        <NameField autoFocus value={name} onValueChange={setName} />
        <TextField
          label="Key"
          required
          maxLength={8}
          value={key}
          aria-invalid={shownProblem !== null}
          hint={
            shownProblem ? (
              <span className="field-error">{keyProblemText[shownProblem]}</span>
            ) : (
              `Task keys read ${key || "KEY"}-1, ${key || "KEY"}-2…`
            )
          }
          onChange={(event) => setTypedKey(event.target.value.toUpperCase())}
        />
        <fieldset className="icon-choice">
          <legend>Icon</legend>
          {icons.map((choice) => (
            <label key={choice} className="icon-option">
              <input
                type="radio"
                name="icon"
                value={choice}
                checked={icon === choice}
                onChange={() => setIcon(choice)}
              />
              <span aria-hidden="true">{choice}</span>
              <span className="visually-hidden">Icon {choice}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${titleId}-description`}>Description (optional)</label>
          <textarea
            id={`${titleId}-description`}
            className="input"
            rows={3}
            maxLength={100_000}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </div>
        <div className="form-actions">
          <Button size="lg" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" size="lg">
            Create project
          </Button>
        </div>
      </form>
    </dialog>
  );
}
