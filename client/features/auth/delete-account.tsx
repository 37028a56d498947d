import { createLazyRoute, Link } from "@tanstack/react-router";
import { useSession } from "../../platform/session/session-store.ts";
import { useAction } from "../../platform/http/use-action.ts";
import { followMailedLink } from "./mailed-link.ts";
import { Button, buttonProps } from "../../ui/button.tsx";

export const Route = createLazyRoute("/auth/delete-account")({ component: DeleteAccount });

/** The page of the mailed deletion link: the account goes only on this button's click. */
function DeleteAccount() {
  const { token, callbackURL } = Route.useSearch();
  const session = useSession();
  const [pending, run] = useAction();

  if (!token) {
    return (
      <>
        <h1>The link did not work</h1>
        <p>This link is incomplete. Ask for a new one in Settings → Account.</p>
        <Link to="/dashboard" {...buttonProps({ variant: "primary", size: "lg", block: true })}>
          Go to the app
        </Link>
      </>
    );
  }

  const remove = () => run(() => followMailedLink("delete-account", { token, callbackURL }));

  return (
    <>
      <h1>Delete your account?</h1>
      <p>
        {session ? (
          <>
            This deletes <strong>{session.user.email}</strong> and everything only you can reach.
          </>
        ) : (
          "This deletes your account and everything only you can reach."
        )}{" "}
        It cannot be undone.
      </p>
      <Button variant="danger" size="lg" block disabled={pending} onClick={remove}>
        Delete my account
      </Button>
      <p className="auth-footer">
        <Link to="/dashboard">Keep my account</Link>
      </p>
    </>
  );
}
