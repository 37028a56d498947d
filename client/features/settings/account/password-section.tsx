import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { CurrentPasswordField, NewPasswordField } from "../../../ui/password-field.tsx";
import { CheckboxField } from "../../../ui/text-field.tsx";
import { unwrap } from "../../../lib/api-errors.ts";
import { authClient } from "../../../platform/session/auth-client.ts";
import { refreshSession } from "../../../platform/session/session-store.ts";
import { useAction } from "../../../platform/http/use-action.ts";
import { Button } from "../../../ui/button.tsx";

type PasswordSectionProps = { hasPassword: boolean; onChanged: () => void };

/** Change the password, or set one on an account made by a link, a provider or anonymously. */
export function PasswordSection({ hasPassword, onChanged }: PasswordSectionProps) {
  const [pending, run] = useAction();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [revokeOtherSessions, setRevokeOtherSessions] = useState(true);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      if (hasPassword) {
        await unwrap(
          authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions }),
        );
        // Revoking the other sessions gives this one a new token.
        await refreshSession();
        toast.success("Password changed");
      } else {
        // Exposed by the server (server/auth/set-password-route.ts); not in the client's types.
        await unwrap(authClient.$fetch("/set-password", { method: "POST", body: { newPassword } }));
        toast.success("Password set. You can now sign in with your email and password.");
      }
      setCurrentPassword("");
      setNewPassword("");
      onChanged();
    });
  };

  return (
    <section className="settings-section" aria-labelledby="password-heading">
      <h2 id="password-heading">{hasPassword ? "Change password" : "Set a password"}</h2>
      {!hasPassword && (
        <p className="muted">Your account has no password yet; set one to sign in with it.</p>
      )}
      <form className="form" onSubmit={submit}>
        {hasPassword && (
          <CurrentPasswordField
            label="Current password"
            value={currentPassword}
            onChange={(event) => setCurrentPassword(event.target.value)}
          />
        )}
        <NewPasswordField
          label="New password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        {hasPassword && (
          <CheckboxField
            label="Sign out of my other sessions"
            checked={revokeOtherSessions}
            onChange={(event) => setRevokeOtherSessions(event.target.checked)}
          />
        )}
        <div className="form-actions">
          <Button type="submit" size="lg" disabled={pending}>
            {hasPassword ? "Change password" : "Set password"}
          </Button>
        </div>
      </form>
    </section>
  );
}
