import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import type { WorkspaceRole } from "../../../shared/permissions.ts";
import { TextField } from "../../ui/text-field.tsx";
import { unwrap } from "../../lib/api-errors.ts";
import { authClient } from "../../platform/session/auth-client.ts";
import { useAction } from "../../platform/http/use-action.ts";
import { RoleSelect } from "./role-select.tsx";
import { Button } from "../../ui/button.tsx";

type InviteMemberFormProps = {
  workspaceId: string;
  assignableRoles: readonly WorkspaceRole[];
  onInvited: () => void;
};

/** Sends an invitation mail; the link in it opens /auth/accept-invitation/{id}. */
export function InviteMemberForm({
  workspaceId,
  assignableRoles,
  onInvited,
}: InviteMemberFormProps) {
  const [pending, run] = useAction();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<WorkspaceRole>("member");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      await unwrap(
        authClient.organization.inviteMember({ email, role, organizationId: workspaceId }),
      );
      toast.success(`Invitation sent to ${email}`);
      setEmail("");
      onInvited();
    });
  };

  return (
    <form className="form form-inline" onSubmit={submit} aria-label="Invite a member">
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        required
        placeholder="name@example.com"
        className="field-grow"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <RoleSelect label="Role" roles={assignableRoles} value={role} onChange={setRole} />
      <Button type="submit" variant="primary" size="lg" disabled={pending}>
        Invite
      </Button>
    </form>
  );
}
