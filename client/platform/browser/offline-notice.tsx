import { useOnline } from "./use-online.ts";
import "../../styles/offline.css";

/**
 * On screens that only work with the server (signing in, a public project): while the browser
 * is offline, says so plainly instead of letting a submit fail.
 */
export function OfflineNotice({ need }: { need: string }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-notice" role="status">
      You are offline. {need}
    </p>
  );
}
