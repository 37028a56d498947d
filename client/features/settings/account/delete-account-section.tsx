import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "../../../ui/confirm-dialog.tsx";
import { CurrentPasswordField } from "../../../ui/password-field.tsx";
import { unwrap } from "../../../lib/api-errors.ts";
import { authClient } from "../../../platform/session/auth-client.ts";
import { refreshSession, useSession } from "../../../platform/session/session-store.ts";
import { endLocalSession } from "../../../platform/session/sign-out.ts";
import { useAction } from "../../../platform/http/use-action.ts";
import { Button } from "../../../ui/button.tsx";

/**
 * Deleting the account asks for the password when there is one; the server then either deletes
 * at once or mails a confirmation link (it does whenever deletion mails are configured).
 */
export function DeleteAccountSection({ hasPassword }: { hasPassword: boolean }) {
  const navigate = useNavigate();
  const userId = useSession()?.user.id;
  const [pending, run] = useAction();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");

  const close = () => {
    setConfirming(false);
    setPassword("");
  };

  const remove = () =>
    run(async () => {
      await unwrap(
        authClient.deleteUser({
          ...(hasPassword ? { password } : {}),
          callbackURL: "/auth/sign-in",
        }),
      );
      close();
      if (await refreshSession()) {
        toast.success("We mailed you a link. Open it to delete your account for good.");
        return;
      }
      if (userId) await endLocalSession(userId);
      toast.success("Your account was deleted");
      await navigate({ to: "/auth/sign-in" });
    });

  return (
    <section className="settings-section danger-zone" aria-labelledby="delete-account-heading">
      <h2 id="delete-account-heading">Delete account</h2>
      <p className="muted">
        Deletes your account, your sessions and the workspaces only you belong to. This cannot be
        undone.
      </p>
      <Button variant="danger" size="lg" onClick={() => setConfirming(true)}>
        Delete account
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        confirmLabel="Delete account"
        pending={pending}
        onConfirm={remove}
        onClose={close}
      >
        {hasPassword ? (
          <CurrentPasswordField
            label="Password"
            hint="Confirm with your password; we then mail you a link to finish."
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : (
          <p>We will mail you a link; the account is deleted when you open it.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}
