import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { TextField } from "../../components/text-field.tsx";
import { useAction } from "../../lib/use-action.ts";
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
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className="button button-primary button-block" disabled={pending}>
          Send reset link
        </button>
      </form>
      <p className="auth-footer">
        <Link to="/auth/sign-in">Back to sign in</Link>
      </p>
    </>
  );
}
