import { describe, expect, it } from "vitest";
import { MAX_COMMENT_DRAFTS, readCommentDraft, writeCommentDraft } from "./comment-drafts.ts";
import { commentDraftsKey } from "../platform/sync/local-data.ts";

/** The browser's Storage, as localStorage behaves, held in memory; `full` refuses writes. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  full = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.items.set(key, value);
  }
}

describe("comment drafts", () => {
  it("keeps a draft per person and task, and forgets it when the box is emptied", () => {
    const storage = new MemoryStorage();
    writeCommentDraft(storage, "ada", "t1", "Half a thought");
    writeCommentDraft(storage, "ada", "t2", "Another");
    writeCommentDraft(storage, "bob", "t1", "Bob's own");
    expect(readCommentDraft(storage, "ada", "t1")).toBe("Half a thought");
    expect(readCommentDraft(storage, "ada", "t2")).toBe("Another");
    expect(readCommentDraft(storage, "bob", "t1")).toBe("Bob's own");
    expect(readCommentDraft(storage, "bob", "t2")).toBe("");

    writeCommentDraft(storage, "ada", "t1", "Half a thought, finished");
    expect(readCommentDraft(storage, "ada", "t1")).toBe("Half a thought, finished");
    writeCommentDraft(storage, "ada", "t1", "");
    expect(readCommentDraft(storage, "ada", "t1")).toBe("");
    expect(readCommentDraft(storage, "ada", "t2")).toBe("Another");
    writeCommentDraft(storage, "ada", "t2", "");
    expect(storage.getItem(commentDraftsKey("ada"))).toBeNull();
  });

  it("keeps the drafts written last when there are too many", () => {
    const storage = new MemoryStorage();
    for (let index = 0; index <= MAX_COMMENT_DRAFTS; index += 1) {
      writeCommentDraft(storage, "ada", `t${index}`, `draft ${index}`);
    }
    // Touching the first again makes it one of the newest.
    writeCommentDraft(storage, "ada", "t1", "draft 1, again");
    writeCommentDraft(storage, "ada", "new", "the newest");
    expect(readCommentDraft(storage, "ada", "new")).toBe("the newest");
    expect(readCommentDraft(storage, "ada", "t1")).toBe("draft 1, again");
    expect(readCommentDraft(storage, "ada", `t${MAX_COMMENT_DRAFTS}`)).toBe(
      `draft ${MAX_COMMENT_DRAFTS}`,
    );
    expect(readCommentDraft(storage, "ada", "t0")).toBe("");
    expect(readCommentDraft(storage, "ada", "t2")).toBe("");
    const kept: unknown = JSON.parse(storage.getItem(commentDraftsKey("ada")) ?? "[]");
    expect(kept).toHaveLength(MAX_COMMENT_DRAFTS);
  });

  it("reads damaged storage as no drafts, and a full storage keeps what it had", () => {
    const storage = new MemoryStorage();
    for (const damaged of ["{not json", '{"t1":"a"}', '[["t1", 5]]']) {
      storage.setItem(commentDraftsKey("ada"), damaged);
      expect(readCommentDraft(storage, "ada", "t1")).toBe("");
    }
    writeCommentDraft(storage, "ada", "t1", "Kept");
    expect(readCommentDraft(storage, "ada", "t1")).toBe("Kept");

    storage.full = true;
    expect(() => writeCommentDraft(storage, "ada", "t2", "No room")).not.toThrow();
    expect(readCommentDraft(storage, "ada", "t1")).toBe("Kept");
    expect(readCommentDraft(storage, "ada", "t2")).toBe("");
  });
});
