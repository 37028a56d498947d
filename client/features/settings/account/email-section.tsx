import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { TextField } from "../../../ui/text-field.tsx";
import { unwrap } from "../../../lib/api-errors.ts";
import { authClient } from "../../../platform/session/auth-client.ts";
import type { AppSession } from "../../../platform/session/session-store.ts";
import { useAction } from "../../../platform/http/use-action.ts";
import { verificationCallback } from "../../../lib/verification-link.ts";
import { Button } from "../../../ui/button.tsx";

// The links mailed from here come back here, through the screen that explains a failed link.
const backHere = verificationCallback("/dashboard/settings/account/information");

/** The address, whether it is verified, and changing it (confirmed by a mailed link). */
export function EmailSection({ user }: { user: AppSession["user"] }) {
  const [pending, run] = useAction();
  const [newEmail, setNewEmail] = useState("");

  const changeEmail = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      await unwrap(authClient.changeEmail({ newEmail, callbackURL: backHere }));
      toast.success(
        user.emailVerified
          ? `We sent a confirmation link to ${user.email}`
          : `We sent a verification link to ${newEmail}`,
      );
      setNewEmail("");
    });
  };

  const resendVerification = () =>
    run(async () => {
      await unwrap(authClient.sendVerificationEmail({ email: user.email, callbackURL: backHere }));
      toast.success(`We sent a verification link to ${user.email}`);
    });

  return (
    <section className="settings-section" aria-labelledby="email-heading">
      <h2 id="email-heading">Email</h2>
      <p>
        {user.email}{" "}
        <span className={user.emailVerified ? "badge" : "badge badge-warning"}>
          {user.emailVerified ? "Verified" : "Not verified"}
        </span>
      </p>
      {!user.emailVerified && (
        <p>
          <button
            type="button"
            className="link-button"
            disabled={pending}
            onClick={resendVerification}
          >
            Send a verification link
          </button>
        </p>
      )}
      <form className="form" onSubmit={changeEmail}>
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          required
          hint="The change takes effect once you follow the link we mail you."
          value={newEmail}
          onChange={(event) => setNewEmail(event.target.value)}
        />
        <div className="form-actions">
          <Button type="submit" size="lg" disabled={pending}>
            Change email
          </Button>
        </div>
      </form>
    </section>
  );
}
