import { createLazyRoute, Link, useNavigate } from "@tanstack/react-router";
import { useRef, useState, type FormEvent } from "react";
import { CurrentPasswordField } from "../../ui/password-field.tsx";
import { CheckboxField } from "../../ui/text-field.tsx";
import { ApiError, showError, unwrap } from "../../lib/api-errors.ts";
import { authClient } from "../../platform/session/auth-client.ts";
import { readPendingInvitation } from "../../platform/session/pending-invitation.ts";
import { useServerConfig } from "../../platform/http/server-config.ts";
import { refreshSession } from "../../platform/session/session-store.ts";
import { useAction } from "../../platform/http/use-action.ts";
import { EmailField } from "./auth-fields.tsx";
import { sendSignInLink } from "./auth-links.ts";
import { LastUsedButton } from "./last-used-badge.tsx";
import { SocialSignIn } from "./social-sign-in.tsx";
import { Button } from "../../ui/button.tsx";

export const Route = createLazyRoute("/auth/_signed-out/sign-in")({ component: SignIn });

function SignIn() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const config = useServerConfig();
  const [pending, run] = useAction();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(true);
  const emailInput = useRef<HTMLInputElement>(null);
  const [lastUsed] = useState(() => authClient.getLastUsedLoginMethod());
  const [invited] = useState(() => readPendingInvitation() !== null);
  const target = redirect ?? "/dashboard";
  const registrationOpen = config?.disableRegistration !== true;

  const signedIn = async () => {
    await refreshSession();
    await navigate({ href: target });
  };

  const signInWithPassword = (event: FormEvent) => {
    event.preventDefault();
    run(async () => {
      try {
        await unwrap(authClient.signIn.email({ email, password, rememberMe }));
      } catch (error) {
        // The server has just mailed a new verification link (REQUIRE_EMAIL_VERIFICATION).
        if (error instanceof ApiError && error.code === "EMAIL_NOT_VERIFIED") {
          showError(error);
          await navigate({ to: "/auth/check-email", search: { email, kind: "verify-email" } });
          return;
        }
        throw error;
      }
      await signedIn();
    });
  };

  const emailLink = () => {
    if (!emailInput.current?.reportValidity()) return;
    run(async () => {
      await sendSignInLink(email, target);
      await navigate({
        to: "/auth/check-email",
        search: { email, kind: "magic-link", redirect },
      });
    });
  };

  const tryWithoutAccount = () =>
    run(async () => {
      await unwrap(authClient.signIn.anonymous());
      await signedIn();
    });

  return (
    <>
      <h1>Sign in</h1>
      {invited && <p className="notice">Sign in to accept your workspace invitation.</p>}
      <form className="form" onSubmit={signInWithPassword}>
        <EmailField ref={emailInput} value={email} onValueChange={setEmail} />
        <CurrentPasswordField
          label="Password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aside={
            <Link to="/auth/forgot-password" search={{ email: email || undefined }}>
              Forgot password?
            </Link>
          }
        />
        <CheckboxField
          label="Remember me"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        <LastUsedButton
          used={lastUsed === "email"}
          type="submit"
          variant="primary"
          disabled={pending}
        >
          Sign in
        </LastUsedButton>
        <LastUsedButton used={lastUsed === "magic-link"} disabled={pending} onClick={emailLink}>
          Email me a sign-in link
        </LastUsedButton>
      </form>
      <SocialSignIn
        config={config}
        lastUsed={lastUsed}
        callbackURL={target}
        pending={pending}
        run={run}
      />
      {config && !config.disableRegistration && (
        <Button variant="ghost" size="lg" block disabled={pending} onClick={tryWithoutAccount}>
          Try without an account
        </Button>
      )}
      {(registrationOpen || invited) && (
        <p className="auth-footer">
          No account yet? <Link to="/auth/sign-up">Sign up</Link>
        </p>
      )}
    </>
  );
}
