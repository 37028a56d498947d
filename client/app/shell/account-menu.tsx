import { Link, useNavigate } from "@tanstack/react-router";
import { LogOut } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { unwrap } from "../../lib/api-errors.ts";
import { loadAuthClient } from "../../platform/session/load-auth-client.ts";
import { useSession } from "../../platform/session/session-store.ts";
import { endLocalSession } from "../../platform/session/sign-out.ts";
import { useAction } from "../../platform/http/use-action.ts";
import { pushBeforeLeaving } from "../../platform/sync/final-push.ts";
import { useRep } from "../../platform/sync/replicache-provider.tsx";
import { Avatar } from "../../ui/avatar.tsx";
import { Button } from "../../ui/button.tsx";
import { IconButton } from "../../ui/icon-button.tsx";

const changesCount = (count: number) => `${count} ${count === 1 ? "change" : "changes"}`;

/**
 * The signed-in person at the foot of the sidebar, with sign-out. Sign-out deletes the
 * person's local store, so changes the server has not confirmed would be lost: they get one
 * last push, and any that still do not go need the person's consent. Offline the server
 * cannot end the session, so sign-out waits for the network and nothing is deleted.
 */
export function AccountMenu({ folded = false }: { folded?: boolean }) {
  const session = useSession();
  const rep = useRep();
  const navigate = useNavigate();
  const [pending, run] = useAction();
  const [unsynced, setUnsynced] = useState(0);
  if (!session) return null;
  const { id: userId, name, email, image } = session.user;

  const leave = async () => {
    const { authClient } = await loadAuthClient();
    await unwrap(authClient.signOut());
    await endLocalSession(userId);
    await navigate({ to: "/auth/sign-in" });
  };

  const signOut = () =>
    run(async () => {
      if (!navigator.onLine) {
        toast.error("Signing out needs a network connection", {
          description: "Your changes stay on this device until you are back online.",
        });
        return;
      }
      const left = await pushBeforeLeaving(rep);
      if (left > 0) setUnsynced(left);
      else await leave();
    });

  return (
    <div className="account-menu" data-folded={folded || undefined}>
      <Link
        to="/dashboard/settings/account/information"
        className="account-menu-person"
        aria-label={folded ? `Account: ${name || email}` : undefined}
      >
        <Avatar id={userId} name={name || email} image={image} size="md" decorative />
        {!folded && (
          <span className="account-menu-text">
            <span className="account-menu-name">{name || email}</span>
            {name && <span className="account-menu-email">{email}</span>}
          </span>
        )}
      </Link>
      {folded ? (
        <IconButton
          aria-label="Sign out"
          icon={<LogOut />}
          size="sm"
          tooltipSide="right"
          disabled={pending}
          onClick={signOut}
        />
      ) : (
        <Button variant="ghost" size="sm" disabled={pending} onClick={signOut}>
          Sign out
        </Button>
      )}
      {unsynced > 0 && (
        <ConfirmDialog
          open
          title="Sign out and lose unsaved changes?"
          confirmLabel="Sign out anyway"
          pending={pending}
          onConfirm={() => run(leave)}
          onClose={() => setUnsynced(0)}
        >
          <p>
            {changesCount(unsynced)} could not be saved to the server. Signing out deletes this
            browser&apos;s copy of your data, and {unsynced === 1 ? "it" : "they"} will be lost.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
