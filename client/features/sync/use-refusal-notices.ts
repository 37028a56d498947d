import { useEffect } from "react";
import { toast } from "sonner";
import { noticeSchema } from "../../../shared/entities.ts";
import { prefixes } from "../../../shared/keys.ts";
import type { Rep } from "./create-replicache.ts";

const SEEN_KEY = "seen-sync-notices";

function seenNotices(): Set<string> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(SEEN_KEY) ?? "[]");
    return new Set(Array.isArray(stored) ? stored.filter((id) => typeof id === "string") : []);
  } catch {
    return new Set();
  }
}

/**
 * When the server refuses one of this person's changes, the change disappears on the next
 * pull and a notice arrives with the reason; each is shown once as an error toast.
 */
export function useRefusalNotices(rep: Rep) {
  useEffect(
    () =>
      rep.subscribe(
        async (tx) => tx.scan({ prefix: prefixes.notice }).values().toArray(),
        (values) => {
          const seen = seenNotices();
          for (const value of values) {
            const notice = noticeSchema.safeParse(value);
            if (!notice.success || seen.has(notice.data.id)) continue;
            seen.add(notice.data.id);
            toast.error("A change was not saved", { description: notice.data.message });
          }
          sessionStorage.setItem(SEEN_KEY, JSON.stringify([...seen].slice(-200)));
        },
      ),
    [rep],
  );
}
