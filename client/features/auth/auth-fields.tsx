import type { ReactNode, Ref } from "react";
import { TextField } from "../../ui/text-field.tsx";
import { Button } from "../../ui/button.tsx";

type EmailFieldProps = {
  value: string;
  onValueChange: (email: string) => void;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** The required "Email" field of the sign-in, sign-up and mailed-link forms. */
export function EmailField({ value, onValueChange, ...field }: EmailFieldProps) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="email"
      required
      {...field}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

/** An auth form's full-width primary button, disabled while its request is `pending`. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="primary" size="lg" block disabled={pending}>
      {children}
    </Button>
  );
}
