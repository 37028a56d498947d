import { slugMaxLength, slugPattern } from "../lib/workspace-slug.ts";
import { TextField, type TextFieldProps } from "./text-field.tsx";

type NameFieldProps = Omit<TextFieldProps, "label" | "value" | "onChange"> & {
  label?: string;
  value: string;
  onValueChange: (name: string) => void;
};

/** A required name of at most 100 characters: a person's, a workspace's or a project's. */
export function NameField({ label = "Name", value, onValueChange, ...field }: NameFieldProps) {
  return (
    <TextField
      label={label}
      required
      maxLength={100}
      {...field}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}

/** A workspace's slug, as the server accepts it (lib/workspace-slug.ts). */
export function WorkspaceSlugField({
  value,
  onValueChange,
}: {
  value: string;
  onValueChange: (slug: string) => void;
}) {
  return (
    <TextField
      label="Slug"
      required
      pattern={slugPattern}
      maxLength={slugMaxLength}
      hint="Lower-case letters, digits and hyphens; unique across workspaces."
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
    />
  );
}
