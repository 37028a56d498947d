import { toast } from "sonner";
import { ApiDataPending } from "../../../platform/http/api-data-pending.tsx";
import { unwrap } from "../../../lib/api-errors.ts";
import { authClient } from "../../../platform/session/auth-client.ts";
import { useAction } from "../../../platform/http/use-action.ts";
import { useApiData } from "../../../platform/http/use-api-data.ts";
import { Button } from "../../../ui/button.tsx";

const listSessions = () => unwrap(authClient.listSessions());

/** "Chrome on macOS" from a user agent; the raw string is too long to read. */
function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return "Unknown device";
  const browser =
    [
      ["Edg/", "Edge"],
      ["OPR/", "Opera"],
      ["Firefox/", "Firefox"],
      ["Chrome/", "Chrome"],
      ["Safari/", "Safari"],
    ].find(([token]) => token && userAgent.includes(token))?.[1] ?? "Browser";
  const system =
    [
      ["Android", "Android"],
      ["iPhone", "iOS"],
      ["iPad", "iPadOS"],
      ["Mac OS X", "macOS"],
      ["Windows", "Windows"],
      ["Linux", "Linux"],
    ].find(([token]) => token && userAgent.includes(token))?.[1] ?? "an unknown system";
  return `${browser} on ${system}`;
}

export function SessionsSection({ currentSessionId }: { currentSessionId: string }) {
  const sessions = useApiData(listSessions, "Failed to load your sessions");
  const [pending, run] = useAction();

  const revoke = (token: string) =>
    run(async () => {
      await unwrap(authClient.revokeSession({ token }));
      toast.success("Session signed out");
      sessions.reload();
    });

  const revokeOthers = () =>
    run(async () => {
      await unwrap(authClient.revokeOtherSessions());
      toast.success("Signed out of every other session");
      sessions.reload();
    });

  const others = sessions.data?.filter((s) => s.id !== currentSessionId) ?? [];

  return (
    <section className="settings-section" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      {!sessions.data ? (
        <ApiDataPending state={sessions} what="your sessions" />
      ) : (
        <ul className="item-list">
          {sessions.data.map((session) => (
            <li key={session.id} className="item">
              <div>
                <p className="item-title">
                  {describeDevice(session.userAgent)}
                  {session.id === currentSessionId && <span className="badge">This device</span>}
                </p>
                <p className="item-detail">
                  {session.ipAddress ?? "Unknown address"} · signed in{" "}
                  {new Date(session.createdAt).toLocaleString()}
                </p>
              </div>
              {session.id !== currentSessionId && (
                <Button
                  variant="ghost"
                  size="lg"
                  disabled={pending}
                  onClick={() => revoke(session.token)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <Button size="lg" disabled={pending} onClick={revokeOthers}>
          Sign out of all other sessions
        </Button>
      )}
    </section>
  );
}
