import { createLazyRoute } from "@tanstack/react-router";
import { UserPlus } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import { roleAllows, workspaceRoles, type WorkspaceRole } from "../../../shared/permissions.ts";
import { ApiDataPending } from "../../platform/http/api-data-pending.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { unwrap } from "../../lib/api-errors.ts";
import { authClient } from "../../platform/session/auth-client.ts";
import { useSession } from "../../platform/session/session-store.ts";
import { useAction } from "../../platform/http/use-action.ts";
import { useApiData } from "../../platform/http/use-api-data.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { Button } from "../../ui/button.tsx";
import { EmptyState } from "../../ui/empty-state.tsx";
import { InviteMemberForm } from "./invite-member-form.tsx";
import { roleName } from "./role-names.ts";
import { RoleSelect } from "./role-select.tsx";
import { loadWorkspace, type FullWorkspace } from "../../platform/session/full-workspace.ts";

export const Route = createLazyRoute("/_authenticated/dashboard/workspace/$workspaceId/members")({
  component: Members,
});

type Member = FullWorkspace["members"][number];

/** Who may do what here follows the role table of SPEC.md section 6 (shared/permissions.ts). */
function permissionsOf(role: string) {
  const isOwner = roleAllows(role, { organization: ["delete"] });
  return {
    isOwner,
    invite: roleAllows(role, { invitation: ["create"] }),
    cancelInvitation: roleAllows(role, { invitation: ["cancel"] }),
    changeRole: roleAllows(role, { member: ["update"] }),
    remove: roleAllows(role, { member: ["delete"] }),
    /** Only an owner makes or touches another owner. */
    assignableRoles: isOwner ? workspaceRoles : workspaceRoles.filter((r) => r !== "owner"),
  };
}

/** A table's header row: `columns`, then an unnamed one for the rows' buttons when `actions`. */
function TableHead({ columns, actions }: { columns: string[]; actions: boolean }) {
  return (
    <thead role="rowgroup">
      <tr role="row">
        {columns.map((column) => (
          <th key={column} scope="col" role="columnheader">
            {column}
          </th>
        ))}
        {actions && (
          <th scope="col" role="columnheader">
            <span className="visually-hidden">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

function Members() {
  const { workspaceId } = Route.useParams();
  const session = useSession();
  const load = useCallback(() => loadWorkspace(workspaceId), [workspaceId]);
  const members = useApiData(load, "Failed to load the members");
  const { data: workspace, reload } = members;
  const [pending, run] = useAction();
  const [removing, setRemoving] = useState<Member | null>(null);
  const inviteForm = useRef<HTMLDivElement>(null);

  if (!session || !workspace) {
    return (
      <section className="page">
        <h1>Members</h1>
        <ApiDataPending state={members} what="the members" />
      </section>
    );
  }

  const me = workspace.members.find((member) => member.userId === session.user.id);
  const can = permissionsOf(me?.role ?? "");
  const mayManage = (member: Member) =>
    member.userId !== session.user.id && (member.role !== "owner" || can.isOwner);
  const invitations = workspace.invitations.filter((i) => i.status === "pending");

  const changeRole = (member: Member, role: WorkspaceRole) =>
    run(async () => {
      await unwrap(
        authClient.organization.updateMemberRole({
          memberId: member.id,
          role,
          organizationId: workspaceId,
        }),
      );
      toast.success(`${member.user.name || member.user.email} is now ${roleName(role)}`);
      reload();
    });

  const remove = (member: Member) =>
    run(async () => {
      await unwrap(
        authClient.organization.removeMember({
          memberIdOrEmail: member.id,
          organizationId: workspaceId,
        }),
      );
      setRemoving(null);
      reload();
    });

  const cancelInvitation = (invitationId: string) =>
    run(async () => {
      await unwrap(authClient.organization.cancelInvitation({ invitationId }));
      reload();
    });

  return (
    <section className="page">
      <h1>Members</h1>
      <p className="muted">The people of {workspace.name} and the invitations still open.</p>

      {can.invite && (
        <div ref={inviteForm}>
          <InviteMemberForm
            workspaceId={workspaceId}
            assignableRoles={can.assignableRoles}
            onInvited={reload}
          />
        </div>
      )}

      <h2>Members ({workspace.members.length})</h2>
      {/* The roles are spelled out: a phone lays these rows out as grids (screens.css), and some
          browsers stop reading a table as one once its rows are not displayed as rows. */}
      <table className="table" role="table">
        <TableHead columns={["Name", "Email", "Role"]} actions={can.remove} />
        <tbody role="rowgroup">
          {workspace.members.map((member) => {
            const name = member.user.name || member.user.email;
            return (
              <tr role="row" key={member.id}>
                <td role="cell">
                  <span className="member-name">
                    <Avatar id={member.userId} name={name} image={member.user.image} decorative />
                    {name}
                    {member.userId === session.user.id && <span className="badge">You</span>}
                  </span>
                </td>
                <td role="cell">{member.user.email}</td>
                <td role="cell">
                  {can.changeRole && mayManage(member) ? (
                    <RoleSelect
                      label={`Role of ${name}`}
                      hideLabel
                      roles={can.assignableRoles}
                      value={member.role}
                      disabled={pending}
                      onChange={(role) => changeRole(member, role)}
                    />
                  ) : (
                    roleName(member.role)
                  )}
                </td>
                {can.remove && (
                  <td role="cell" className="table-actions">
                    {mayManage(member) && (
                      <Button
                        variant="ghost"
                        size="lg"
                        disabled={pending}
                        aria-label={`Remove ${name}`}
                        onClick={() => setRemoving(member)}
                      >
                        Remove
                      </Button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>

      {workspace.members.length === 1 && can.invite && (
        <EmptyState
          icon={<UserPlus />}
          className="members-empty-state"
          title={`Only you in ${workspace.name} so far`}
          action={
            <Button
              variant="primary"
              onClick={() => inviteForm.current?.querySelector("input")?.focus()}
            >
              Invite people
            </Button>
          }
        >
          Invite the people you work with: they get an email with a link to join.
        </EmptyState>
      )}

      <h2>Pending invitations ({invitations.length})</h2>
      {invitations.length === 0 ? (
        <p className="muted">No open invitations.</p>
      ) : (
        <table className="table" role="table">
          <TableHead columns={["Email", "Role", "Expires"]} actions={can.cancelInvitation} />
          <tbody role="rowgroup">
            {invitations.map((invitation) => (
              <tr role="row" key={invitation.id}>
                <td role="cell">{invitation.email}</td>
                <td role="cell">{roleName(invitation.role ?? "member")}</td>
                <td role="cell">{new Date(invitation.expiresAt).toLocaleDateString()}</td>
                {can.cancelInvitation && (
                  <td role="cell" className="table-actions">
                    <Button
                      variant="ghost"
                      size="lg"
                      disabled={pending}
                      aria-label={`Cancel the invitation of ${invitation.email}`}
                      onClick={() => cancelInvitation(invitation.id)}
                    >
                      Cancel invitation
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <ConfirmDialog
        open={removing !== null}
        title="Remove member"
        confirmLabel="Remove"
        pending={pending}
        onConfirm={() => removing && remove(removing)}
        onClose={() => setRemoving(null)}
      >
        <p>
          {removing?.user.name || removing?.user.email} will lose access to {workspace.name} and its
          projects.
        </p>
      </ConfirmDialog>
    </section>
  );
}
