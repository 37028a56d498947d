import { useEffect, useState } from "react";
import { publicProjectSchema, type PublicProject } from "../../../shared/public-project.ts";

/**
 * Polled rather than pushed: a signed-out visitor has no poke stream (it needs a session), and
 * a public page is read, not worked in, so a change showing within 20 seconds is enough. Polling
 * stops while the tab is hidden and catches up as soon as it is shown again.
 */
const POLL_MS = 20_000;

type PublicProjectState =
  | { kind: "loading" }
  | { kind: "not-found" }
  | { kind: "failed" }
  | { kind: "ready"; data: PublicProject };

export function usePublicProject(projectId: string): PublicProjectState {
  const [state, setState] = useState<PublicProjectState>({ kind: "loading" });

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const load = async () => {
      clearTimeout(timer);
      try {
        const response = await fetch(`/api/public/projects/${encodeURIComponent(projectId)}`);
        if (cancelled) return;
        if (response.status === 404) setState({ kind: "not-found" });
        else if (!response.ok) throw new Error(`HTTP ${response.status}`);
        else setState({ kind: "ready", data: publicProjectSchema.parse(await response.json()) });
      } catch {
        // Keep showing what was loaded; only a first load that fails says so.
        if (!cancelled)
          setState((current) => (current.kind === "ready" ? current : { kind: "failed" }));
      }
      if (!cancelled && document.visibilityState === "visible") {
        timer = setTimeout(() => void load(), POLL_MS);
      }
    };
    const resume = () => {
      if (document.visibilityState === "visible") void load();
      else clearTimeout(timer);
    };

    void load();
    document.addEventListener("visibilitychange", resume);
    // Back online after a failed load: try again rather than wait for a reload.
    window.addEventListener("online", resume);
    return () => {
      window.removeEventListener("online", resume);
      cancelled = true;
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", resume);
    };
  }, [projectId]);

  return state;
}
