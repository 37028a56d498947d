import { useEffect } from "react";
import { toast } from "sonner";
import { Dexie, type Table } from "dexie";
import { noticeSchema, type Notice } from "../../../shared/entities.ts";
import { prefixes } from "../../../shared/keys.ts";
import { seenNoticesName } from "./local-data.ts";
import type { Rep } from "./create-replicache.ts";

/** How long a browser remembers a notice it showed: far longer than one is ever pending. */
const SEEN_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The refusal notices one browser has shown one person, by id. */
class SeenNotices extends Dexie {
  declare seen: Table<{ id: string; shownAt: number }, string>;

  constructor(userId: string) {
    super(seenNoticesName(userId), { cache: "disabled" });
    this.version(1).stores({ seen: "id, shownAt" });
  }
}

/**
 * The notices no tab of this browser has shown yet, marked as shown. The tabs of one browser
 * share one store, so they all receive a notice at the same moment: the check and the mark are
 * one IndexedDB transaction, which the browser runs for one tab at a time, so only one tab
 * claims each notice. (localStorage under a Web Lock was not enough: Chromium copies
 * localStorage to each tab's process, and another tab can read a copy without the last mark.)
 */
function claimUnseen(database: SeenNotices, notices: Notice[]): Promise<Notice[]> {
  return database.transaction("rw", database.seen, async () => {
    const ids = notices.map((notice) => notice.id);
    const shown = await database.seen.bulkGet(ids);
    const unseen = notices.filter((_, index) => shown[index] === undefined);
    const now = Date.now();
    await database.seen.bulkPut(unseen.map((notice) => ({ id: notice.id, shownAt: now })));
    await database.seen
      .where("shownAt")
      .below(now - SEEN_KEPT_MS)
      .delete();
    return unseen;
  });
}

/**
 * When the server refuses one of this person's changes, the change disappears on the next
 * pull and a notice arrives with the reason, in words: it is shown once as an error toast, in
 * one tab, and then dismissed (`dismissNotice`), which deletes it on the server, so the
 * person's other browsers and later visits never show it again.
 */
export function useRefusalNotices(rep: Rep, userId: string) {
  useEffect(() => {
    const database = new SeenNotices(userId);
    let closed = false;
    const unsubscribe = rep.subscribe(
      async (tx) => tx.scan({ prefix: prefixes.notice }).values().toArray(),
      (values) => {
        const notices = values.flatMap((value) => {
          const notice = noticeSchema.safeParse(value);
          return notice.success ? [notice.data] : [];
        });
        if (notices.length === 0) return;
        void claimUnseen(database, notices)
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
      database.close();
    };
  }, [rep, userId]);
}
