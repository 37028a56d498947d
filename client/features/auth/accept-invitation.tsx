import { createLazyRoute, Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import {
  invitationPreviewSchema,
  type InvitationPreview,
} from "../../../shared/invitation-preview.ts";
import { getJson } from "../../platform/http/get-json.ts";
import { buttonProps } from "../../ui/button.tsx";

/** Only signed-out visitors see this: the invitation is kept until they sign in or sign up. */
export const Route = createLazyRoute("/auth/accept-invitation/$inviteId")({
  component: AcceptInvitation,
});

/** `undefined` while asking; `null` when the server does not know it (or cannot be asked). */
function useInvitationPreview(inviteId: string): InvitationPreview | null | undefined {
  const [preview, setPreview] = useState<{ id: string; value: InvitationPreview | null }>();
  useEffect(() => {
    let current = true;
    getJson(`/api/invitations/${encodeURIComponent(inviteId)}`, invitationPreviewSchema).then(
      (value) => current && setPreview({ id: inviteId, value }),
      // Expired, cancelled or offline: the page falls back to saying what to do in general.
      () => current && setPreview({ id: inviteId, value: null }),
    );
    return () => {
      current = false;
    };
  }, [inviteId]);
  return preview?.id === inviteId ? preview.value : undefined;
}

/**
 * Says which workspace invites and who sent the invitation, as the mail did, and takes the
 * invited address along to sign-up, where it is filled in.
 */
function AcceptInvitation() {
  const { inviteId } = Route.useParams();
  const preview = useInvitationPreview(inviteId);
  return (
    <>
      <h1>Accept invitation</h1>
      {preview ? (
        <p>
          <strong>{preview.inviterName}</strong> invited you to join{" "}
          <strong>{preview.workspaceName}</strong>. Sign in, or create an account with{" "}
          <strong>{preview.email}</strong>, and you will join it right away.
        </p>
      ) : (
        <p>
          You have been invited to a workspace. Sign in, or create an account with the email address
          the invitation was sent to, and you will join it right away.
        </p>
      )}
      <div className="auth-methods">
        <Link to="/auth/sign-in" {...buttonProps({ variant: "primary", size: "lg", block: true })}>
          Sign in to accept
        </Link>
        <Link
          to="/auth/sign-up"
          search={{ email: preview?.email }}
          {...buttonProps({ size: "lg", block: true })}
        >
          Create an account
        </Link>
      </div>
    </>
  );
}
