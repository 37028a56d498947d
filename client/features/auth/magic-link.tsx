import { createLazyRoute, Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { z } from "zod";
import { ApiError } from "../../lib/api-errors.ts";
import { getJson } from "../../platform/http/get-json.ts";
import { useSession } from "../../platform/session/session-store.ts";
import { useAction } from "../../platform/http/use-action.ts";
import { followMailedLink } from "./mailed-link.ts";
import { Button, buttonProps } from "../../ui/button.tsx";

export const Route = createLazyRoute("/auth/magic-link")({ component: MagicLink });

const previewSchema = z.object({ email: z.string() });

type Preview = { state: "loading" } | { state: "valid"; email: string } | { state: "invalid" };

/**
 * The page of a mailed sign-in link: whose account it opens, and a button. Nothing happens
 * before the click, so a link planted in an image or opened by a mail scanner signs nobody in.
 */
function MagicLink() {
  const { token, ...redirects } = Route.useSearch();
  const session = useSession();
  const [pending, run] = useAction();
  const [preview, setPreview] = useState<Preview>({ state: "loading" });

  useEffect(() => {
    if (!token) return;
    let current = true;
    getJson(`/api/auth-links/magic-link?token=${encodeURIComponent(token)}`, previewSchema).then(
      ({ email }) => current && setPreview({ state: "valid", email }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 404) setPreview({ state: "invalid" });
        else setPreview({ state: "valid", email: "" });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  if (!token || preview.state === "invalid") {
    return (
      <>
        <h1>The link did not work</h1>
        <p>This sign-in link is not valid any more. Links work once, within 5 minutes.</p>
        <Link to="/auth/sign-in" {...buttonProps({ variant: "primary", size: "lg", block: true })}>
          Back to sign in
        </Link>
      </>
    );
  }

  const email = preview.state === "valid" ? preview.email : "";
  const signedInElsewhere = session && email && session.user.email !== email;
  const signIn = () => run(() => followMailedLink("magic-link", { token, ...redirects }));

  return (
    <>
      <h1>Sign in to Tasks</h1>
      <p>
        {email ? (
          <>
            This link signs you in as <strong>{email}</strong>.
          </>
        ) : (
          "This link signs you in."
        )}
      </p>
      {signedInElsewhere && (
        <p className="auth-warning" role="note">
          You are signed in as <strong>{session.user.email}</strong>. Continuing signs you out of
          that account in this browser.
        </p>
      )}
      <Button
        variant="primary"
        size="lg"
        block
        disabled={pending || preview.state === "loading"}
        onClick={signIn}
      >
        Sign in
      </Button>
      {!session && (
        <p className="auth-footer">
          <Link to="/auth/sign-in">Back to sign in</Link>
        </p>
      )}
    </>
  );
}
