import { useId } from "react";
import { isWorkspaceRole, type WorkspaceRole } from "../../../shared/permissions.ts";
import { roleName } from "./role-names.ts";

type RoleSelectProps = {
  label: string;
  /** Shown as a visible label above the select, or only to assistive technology. */
  hideLabel?: boolean;
  roles: readonly WorkspaceRole[];
  value: WorkspaceRole;
  disabled?: boolean;
  onChange: (role: WorkspaceRole) => void;
};

export function RoleSelect({
  label,
  hideLabel,
  roles,
  value,
  disabled,
  onChange,
}: RoleSelectProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className={hideLabel ? "visually-hidden" : undefined}>
        {label}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        disabled={disabled}
        onChange={(event) => {
          if (isWorkspaceRole(event.target.value)) onChange(event.target.value);
        }}
      >
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleName(role)}
          </option>
        ))}
      </select>
    </div>
  );
}
