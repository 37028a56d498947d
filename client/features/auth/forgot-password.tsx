import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { useAction } from "../../platform/http/use-action.ts";
import { EmailField, SubmitButton } from "./auth-fields.tsx";
import { sendPasswordResetLink } from "./auth-links.ts";

export const Route = createLazyRoute("/auth/_signed-out/forgot-password")({
  component: ForgotPassword,
});

function ForgotPassword() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const [pending, run] = useAction();
  const [email, setEmail] = useState(search.email ?? "");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      await sendPasswordResetLink(email);
      await navigate({ to: "/auth/check-email", search: { email, kind: "reset-password" } });
    });
  };

  return (
    <>
      <h1>Reset your password</h1>
      <p>
        Enter the email address of your account and we will send you a link to choose a new
        password.
      </p>
      <form className="form" onSubmit={submit}>
        <EmailField value={email} onValueChange={setEmail} />
        <SubmitButton pending={pending}>Send reset link</SubmitButton>
      </form>
      <p className="auth-footer">
        <Link to="/auth/sign-in">Back to sign in</Link>
      </p>
    </>
  );
}
