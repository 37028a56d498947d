import { Link, useNavigate } from "@tanstack/react-router";
import { unwrap } from "../../lib/api-errors.ts";
import { authClient } from "../../lib/auth-client.ts";
import { forgetSession, useSession } from "../../lib/session-store.ts";
import { useAction } from "../../lib/use-action.ts";

/** The signed-in person at the foot of the sidebar, with sign-out. */
export function AccountMenu() {
  const session = useSession();
  const navigate = useNavigate();
  const [pending, run] = useAction();
  if (!session) return null;
  const { name, email } = session.user;

  const signOut = () =>
    run(async () => {
      await unwrap(authClient.signOut());
      forgetSession();
      await navigate({ to: "/auth/sign-in" });
    });

  return (
    <div className="account-menu">
      <Link to="/dashboard/settings/account/information" className="account-menu-person">
        <span className="account-menu-name">{name || email}</span>
        {name && <span className="account-menu-email">{email}</span>}
      </Link>
      <button type="button" className="button button-quiet" disabled={pending} onClick={signOut}>
        Sign out
      </button>
    </div>
  );
}
