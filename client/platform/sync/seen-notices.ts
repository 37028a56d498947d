import { Dexie, type Table } from "dexie";
import type { Notice } from "../../../shared/entities.ts";
import { seenNoticesName } from "./local-data.ts";

/** How long a browser remembers a notice it showed: far longer than one is ever pending. */
const SEEN_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The refusal notices one browser has shown one person, by id (use-refusal-notices.ts). */
export class SeenNotices extends Dexie {
  declare seen: Table<{ id: string; shownAt: number }, string>;

  constructor(userId: string) {
    super(seenNoticesName(userId), { cache: "disabled" });
    this.version(1).stores({ seen: "id, shownAt" });
  }

  /**
   * The notices no tab of this browser has shown yet, marked as shown. The tabs of one browser
   * share one store, so they all receive a notice at the same moment: the check and the mark
   * are one IndexedDB transaction, which the browser runs for one tab at a time, so only one
   * tab claims each notice. (localStorage under a Web Lock was not enough: Chromium copies
   * localStorage to each tab's process, and another tab can read a copy without the last mark.)
   */
  claimUnseen(notices: Notice[]): Promise<Notice[]> {
    return this.transaction("rw", this.seen, async () => {
      const ids = notices.map((notice) => notice.id);
      const shown = await this.seen.bulkGet(ids);
      const unseen = notices.filter((_, index) => shown[index] === undefined);
      const now = Date.now();
      await this.seen.bulkPut(unseen.map((notice) => ({ id: notice.id, shownAt: now })));
      await this.seen
        .where("shownAt")
        .below(now - SEEN_KEPT_MS)
        .delete();
      return unseen;
    });
  }
}
