import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { NewPasswordField } from "../../ui/password-field.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { unwrap } from "../../lib/api-errors.ts";
import { authClient } from "../../platform/session/auth-client.ts";
import { readPendingInvitation } from "../../platform/session/pending-invitation.ts";
import { refreshSession } from "../../platform/session/session-store.ts";
import { useAction } from "../../platform/http/use-action.ts";
import { verificationCallback } from "../../lib/verification-link.ts";
import { EmailField, SubmitButton } from "./auth-fields.tsx";

export const Route = createLazyRoute("/auth/_signed-out/sign-up")({ component: SignUp });

function SignUp() {
  const navigate = useNavigate();
  const [pending, run] = useAction();
  const [name, setName] = useState("");
  const invitedEmail = Route.useSearch().email;
  const [email, setEmail] = useState(invitedEmail ?? "");
  const [password, setPassword] = useState("");
  const [invited] = useState(() => readPendingInvitation() !== null);

  const signUp = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      const result = await unwrap(
        authClient.signUp.email({
          name: name.trim(),
          email,
          password,
          callbackURL: verificationCallback(),
        }),
      );
      // No session yet: the server wants the address verified first (REQUIRE_EMAIL_VERIFICATION).
      if (!result?.token) {
        await navigate({ to: "/auth/check-email", search: { email, kind: "verify-email" } });
        return;
      }
      const session = await refreshSession();
      await navigate({ to: session?.user.name ? "/dashboard" : "/profile-setup" });
    });
  };

  return (
    <>
      <h1>Sign up</h1>
      {invited && (
        <p className="notice">
          Create your account with the email address the invitation was sent to, and you will join
          the workspace right away.
        </p>
      )}
      <form className="form" onSubmit={signUp}>
        <TextField
          label="Name"
          autoComplete="name"
          required
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <EmailField value={email} onValueChange={setEmail} />
        <NewPasswordField
          label="Password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <SubmitButton pending={pending}>Create account</SubmitButton>
      </form>
      <p className="auth-footer">
        Already have an account? <Link to="/auth/sign-in">Sign in</Link>
      </p>
    </>
  );
}
