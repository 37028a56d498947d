import { useEffect } from "react";
import { toast } from "sonner";
import { z } from "zod";
import { noticeSchema, type Notice } from "../../../shared/entities.ts";
import { prefixes } from "../../../shared/keys.ts";
import { seenNoticesKey } from "../../lib/local-data.ts";
import type { Rep } from "./create-replicache.ts";

/** How many shown notice ids a browser keeps per person: far more than are ever pending. */
const SEEN_KEPT = 200;

const seenSchema = z.array(z.string());

function readSeen(userId: string): string[] {
  try {
    const parsed = seenSchema.safeParse(
      JSON.parse(localStorage.getItem(seenNoticesKey(userId)) ?? "[]"),
    );
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/**
 * The notices no tab of this browser has shown yet, marked as shown. The tabs of one browser
 * share one store, so they all receive a notice at the same moment: the check and the mark run
 * under a lock they share, and only one of them takes it.
 */
async function claimUnseen(userId: string, notices: Notice[]): Promise<Notice[]> {
  const claim = () => {
    const seen = readSeen(userId);
    const unseen = notices.filter((notice) => !seen.includes(notice.id));
    const next = [...seen, ...unseen.map((notice) => notice.id)].slice(-SEEN_KEPT);
    localStorage.setItem(seenNoticesKey(userId), JSON.stringify(next));
    return unseen;
  };
  // Web Locks exist only in secure contexts (https, localhost).
  return navigator.locks ? navigator.locks.request(seenNoticesKey(userId), claim) : claim();
}

/**
 * When the server refuses one of this person's changes, the change disappears on the next
 * pull and a notice arrives with the reason, in words: it is shown once as an error toast, in
 * one tab, and then dismissed (`dismissNotice`), which deletes it on the server, so the
 * person's other browsers and later visits never show it again.
 */
export function useRefusalNotices(rep: Rep, userId: string) {
  useEffect(
    () =>
      rep.subscribe(
        async (tx) => tx.scan({ prefix: prefixes.notice }).values().toArray(),
        (values) => {
          const notices = values.flatMap((value) => {
            const notice = noticeSchema.safeParse(value);
            return notice.success ? [notice.data] : [];
          });
          if (notices.length === 0) return;
          void claimUnseen(userId, notices)
            .then(async (unseen) => {
              for (const notice of unseen) {
                toast.error("A change was not saved", { description: notice.message });
              }
              for (const notice of notices) await rep.mutate.dismissNotice({ id: notice.id });
            })
            .catch((error: unknown) => {
              // Signed out or switched account meanwhile: the next store shows what is left.
              if (!rep.closed) throw error;
            });
        },
      ),
    [rep, userId],
  );
}
