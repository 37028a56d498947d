import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { useSession } from "../../platform/session/session-store.ts";
import { useAction } from "../../platform/http/use-action.ts";
import { EmailField, SubmitButton } from "./auth-fields.tsx";
import { sendVerificationLink } from "./auth-links.ts";
import { followMailedLink } from "./mailed-link.ts";
import { Button } from "../../ui/button.tsx";

export const Route = createLazyRoute("/auth/verify-email")({ component: VerifyEmail });

/** SPEC.md section 8's verify-email codes; better-auth sends them upper-case. */
const reasons: Record<string, string> = {
  TOKEN_EXPIRED: "This verification link has expired: links work for one hour.",
  INVALID_TOKEN:
    "This verification link is not valid. It may have been copied only in part, or replaced by a newer one.",
  USER_NOT_FOUND: "The account this verification link was sent for does not exist.",
};

function VerifyEmail() {
  const { token, callbackURL, error } = Route.useSearch();
  if (token && !error) return <ConfirmAddress token={token} callbackURL={callbackURL} />;
  return <LinkFailed />;
}

/** The mailed link's page: the address is confirmed (and the person signed in) on the click. */
function ConfirmAddress({ token, callbackURL }: { token: string; callbackURL?: string }) {
  const [pending, run] = useAction();
  const confirm = () => run(() => followMailedLink("verify-email", { token, callbackURL }));
  return (
    <>
      <h1>Confirm your email address</h1>
      <p>Confirm that this address is yours; you will be signed in.</p>
      <Button variant="primary" size="lg" block disabled={pending} onClick={confirm}>
        Confirm my address
      </Button>
    </>
  );
}

/** A verification link that did not work: why, and a new link (signed out, to the address asked for). */
function LinkFailed() {
  const { error = "", redirect } = Route.useSearch();
  const session = useSession();
  const navigate = useNavigate();
  const [pending, run] = useAction();
  const [email, setEmail] = useState("");
  const reason = reasons[error.toUpperCase()] ?? "This verification link could not be used.";
  const user = session?.user;

  const sendNewLink = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      if (user) {
        await sendVerificationLink(user.email, redirect);
        toast.success(`We sent a new link to ${user.email}`);
        return;
      }
      await sendVerificationLink(email, redirect);
      await navigate({ to: "/auth/check-email", search: { email, kind: "verify-email" } });
    });
  };

  return (
    <>
      <h1>The link did not work</h1>
      <p>{reason}</p>
      {user?.emailVerified ? (
        <p>
          Your address {user.email} is verified already. <Link to="/dashboard">Go to the app</Link>
        </p>
      ) : (
        <form className="form" onSubmit={sendNewLink}>
          {user ? (
            <p>
              We can send a new link to <strong>{user.email}</strong>.
            </p>
          ) : (
            <EmailField
              hint="The address to verify: we send a new link there."
              value={email}
              onValueChange={setEmail}
            />
          )}
          <SubmitButton pending={pending}>Send a new link</SubmitButton>
        </form>
      )}
      {!user && (
        <p className="auth-footer">
          <Link to="/auth/sign-in">Back to sign in</Link>
        </p>
      )}
    </>
  );
}
