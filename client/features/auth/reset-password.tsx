import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { NewPasswordField } from "../../ui/password-field.tsx";
import { unwrap } from "../../lib/api-errors.ts";
import { authClient } from "../../platform/session/auth-client.ts";
import { useAction } from "../../platform/http/use-action.ts";
import { SubmitButton } from "./auth-fields.tsx";
import { buttonProps } from "../../ui/button.tsx";

/** Where the reset link of the mail lands: `?token=…`, or `?error=INVALID_TOKEN` once it is stale. */
export const Route = createLazyRoute("/auth/_signed-out/reset-password")({
  component: ResetPassword,
});

function ResetPassword() {
  const { token, error } = Route.useSearch();
  const navigate = useNavigate();
  const [pending, run] = useAction();
  const [newPassword, setNewPassword] = useState("");

  if (!token || error) {
    return (
      <>
        <h1>Reset your password</h1>
        <p>This reset link is invalid or has expired. Links work once, within 1 hour.</p>
        <Link
          to="/auth/forgot-password"
          {...buttonProps({ variant: "primary", size: "lg", block: true })}
        >
          Send a new link
        </Link>
      </>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      await unwrap(authClient.resetPassword({ newPassword, token }));
      toast.success("Your password was changed. Sign in with the new one.");
      await navigate({ to: "/auth/sign-in" });
    });
  };

  return (
    <>
      <h1>Choose a new password</h1>
      <form className="form" onSubmit={submit}>
        <NewPasswordField
          label="New password"
          note="You will be signed out everywhere else."
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
        />
        <SubmitButton pending={pending}>Change password</SubmitButton>
      </form>
    </>
  );
}
