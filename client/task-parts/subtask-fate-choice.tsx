import type { SubtaskFate } from "../../shared/mutators/task.ts";

type SubtaskFateChoiceProps = {
  /** How many sub-tasks the task being deleted has; nothing is asked when it has none. */
  count: number;
  value: SubtaskFate;
  onChange: (fate: SubtaskFate) => void;
};

/**
 * The question a parent's deletion asks (on the task page and the board's card menu): its
 * sub-tasks go with it, or stay as tasks of their own (the default, the one that loses nothing).
 */
export function SubtaskFateChoice({ count, value, onChange }: SubtaskFateChoiceProps) {
  if (count === 0) return null;
  const them = count === 1 ? "its sub-task" : `its ${count} sub-tasks`;
  const options: { fate: SubtaskFate; label: string }[] = [
    {
      fate: "detach",
      label: `Keep ${them} as ${count === 1 ? "a standalone task" : "standalone tasks"}`,
    },
    { fate: "delete", label: `Delete ${them} too` },
  ];
  return (
    <fieldset className="preference-choice">
      <legend>
        This task has {count === 1 ? "a sub-task" : `${count} sub-tasks`}. What happens to{" "}
        {count === 1 ? "it" : "them"}?
      </legend>
      {options.map((option) => (
        <label key={option.fate} className="checkbox-field">
          <input
            type="radio"
            name="subtask-fate"
            value={option.fate}
            checked={value === option.fate}
            onChange={() => onChange(option.fate)}
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
