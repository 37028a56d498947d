import { useEffect } from "react";
import { toast } from "sonner";
import { noticeSchema } from "../../../shared/entities.ts";
import { prefixes } from "../../../shared/keys.ts";
import type { SeenNotices } from "./seen-notices.ts";
import type { Rep } from "./create-replicache.ts";

/**
 * When the server refuses one of this person's changes, the change disappears on the next
 * pull and a notice arrives with the reason, in words: it is shown once as an error toast, in
 * one tab, and then dismissed (`dismissNotice`), which deletes it on the server, so the
 * person's other browsers and later visits never show it again.
 */
export function useRefusalNotices(rep: Rep, userId: string) {
  useEffect(() => {
    // Opened (and Dexie fetched) with the first notice: most visits have none.
    let database: Promise<SeenNotices> | null = null;
    const open = () =>
      (database ??= import("./seen-notices.ts").then(({ SeenNotices }) => new SeenNotices(userId)));
    let closed = false;
    const unsubscribe = rep.subscribe(
      async (tx) => tx.scan({ prefix: prefixes.notice }).values().toArray(),
      (values) => {
        const notices = values.flatMap((value) => {
          const notice = noticeSchema.safeParse(value);
          return notice.success ? [notice.data] : [];
        });
        if (notices.length === 0) return;
        void open()
          .then((seen) => seen.claimUnseen(notices))
          // Without a record of what was shown (IndexedDB refused), showing a notice in every
          // tab is better than in none.
          .catch(() => notices)
          .then(async (unseen) => {
            if (closed) return;
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
    );
    return () => {
      closed = true;
      unsubscribe();
      void database?.then((seen) => seen.close());
    };
  }, [rep, userId]);
}
