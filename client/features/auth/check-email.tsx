import { createLazyRoute, Link } from "@tanstack/react-router";
import { toast } from "sonner";
import { useAction } from "../../platform/http/use-action.ts";
import { sendPasswordResetLink, sendSignInLink, sendVerificationLink } from "./auth-links.ts";

export const Route = createLazyRoute("/auth/_signed-out/check-email")({ component: CheckEmail });

const explanations = {
  "magic-link": "Open it to sign in. It works once, within 5 minutes.",
  "verify-email": "Open it to confirm your address; you will be signed in.",
  "reset-password":
    "If an account uses this address, the link lets you choose a new password within 1 hour.",
};

function CheckEmail() {
  const { email, kind, redirect } = Route.useSearch();
  const [pending, run] = useAction();

  const resend = () =>
    run(async () => {
      if (kind === "magic-link") await sendSignInLink(email, redirect ?? "/dashboard");
      else if (kind === "verify-email") await sendVerificationLink(email);
      else if (kind === "reset-password") await sendPasswordResetLink(email);
      toast.success(`We sent another link to ${email}`);
    });

  return (
    <>
      <h1>Check your email</h1>
      <p>
        We sent a link to <strong>{email}</strong>.
      </p>
      {kind && <p>{explanations[kind]}</p>}
      {kind && (
        <p>
          Nothing arrived? Look in your spam folder, or{" "}
          <button type="button" className="link-button" disabled={pending} onClick={resend}>
            send it again
          </button>
          .
        </p>
      )}
      <p className="auth-footer">
        <Link to="/auth/sign-in">Back to sign in</Link>
      </p>
    </>
  );
}
