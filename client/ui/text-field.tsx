import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from "react";

export type TextFieldProps = {
  label: string;
  /** Shown under the input and read out with it. */
  hint?: ReactNode;
  /** Beside the label, e.g. a "Forgot password?" link. */
  aside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
} & InputHTMLAttributes<HTMLInputElement>;

/** A labelled input: every form of the app is made of these. */
export function TextField({ label, hint, aside, id, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <div className="field-label-row">
        <label htmlFor={inputId}>{label}</label>
        {aside}
      </div>
      <input
        id={inputId}
        className="input"
        aria-describedby={hint ? hintId : undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

type CheckboxFieldProps = { label: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">;

export function CheckboxField({ label, ...input }: CheckboxFieldProps) {
  return (
    <label className="checkbox-field">
      <input type="checkbox" {...input} />
      {label}
    </label>
  );
}
