import { createLazyRoute } from "@tanstack/react-router";
import { ApiDataPending } from "../../platform/http/api-data-pending.tsx";
import { unwrap } from "../../lib/api-errors.ts";
import { authClient } from "../../platform/session/auth-client.ts";
import { useSession } from "../../platform/session/session-store.ts";
import { useApiData } from "../../platform/http/use-api-data.ts";
import { DeleteAccountSection } from "./account/delete-account-section.tsx";
import { EmailSection } from "./account/email-section.tsx";
import { LinkedAccountsSection } from "./account/linked-accounts-section.tsx";
import { PasswordSection } from "./account/password-section.tsx";
import { ProfileSection } from "./account/profile-section.tsx";
import { SessionsSection } from "./account/sessions-section.tsx";

export const Route = createLazyRoute("/_authenticated/dashboard/settings/account/information")({
  component: AccountInformation,
});

const listAccounts = () => unwrap(authClient.listAccounts());

function AccountInformation() {
  const session = useSession();
  // Whether a password exists (change or set it, how deletion is confirmed) and what is linked.
  const accounts = useApiData(listAccounts, "Failed to load your sign-in methods");
  if (!session) return null;
  const hasPassword = accounts.data?.some((account) => account.providerId === "credential");

  return (
    <section className="page page-narrow">
      <h1>Account information</h1>
      <ProfileSection key={session.user.id} user={session.user} />
      <EmailSection user={session.user} />
      {accounts.data ? (
        <PasswordSection hasPassword={hasPassword === true} onChanged={accounts.reload} />
      ) : (
        <ApiDataPending state={accounts} what="your password and sign-in methods" />
      )}
      {/* A password change that signs out the other sessions replaces this one too: list again. */}
      <SessionsSection key={session.session.id} currentSessionId={session.session.id} />
      {accounts.data && (
        <LinkedAccountsSection accounts={accounts.data} onChanged={accounts.reload} />
      )}
      {accounts.data && <DeleteAccountSection hasPassword={hasPassword === true} />}
    </section>
  );
}
