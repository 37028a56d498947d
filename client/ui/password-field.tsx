import { TextField, type TextFieldProps } from "./text-field.tsx";

/** The limits better-auth enforces (server/auth/auth.ts), so a browser refuses what the server would. */
const MIN_LENGTH = 8;
const MAX_LENGTH = 128;

type PasswordFieldProps = Omit<
  TextFieldProps,
  "type" | "autoComplete" | "required" | "minLength" | "maxLength"
>;

/** The password a person already has: no length rule to show, any old one still works. */
export function CurrentPasswordField(props: PasswordFieldProps) {
  return (
    <TextField
      type="password"
      autoComplete="current-password"
      required
      maxLength={MAX_LENGTH}
      {...props}
    />
  );
}

/** A password being chosen, with its length rule shown; `note` adds what choosing it does. */
export function NewPasswordField({
  note,
  ...props
}: Omit<PasswordFieldProps, "hint"> & { note?: string }) {
  const rule = `${MIN_LENGTH} to ${MAX_LENGTH} characters.`;
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      required
      minLength={MIN_LENGTH}
      maxLength={MAX_LENGTH}
      hint={note ? `${rule} ${note}` : rule}
      {...props}
    />
  );
}
