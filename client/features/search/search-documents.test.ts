import { describe, expect, it } from "vitest";
import { testTask } from "../../lib/test-task.ts";
import { indexDigest, taskDraft } from "./search-documents.ts";

const stampOf = (id: string, title: string) => taskDraft(testTask({ id, title }), "WEB").stamp;

describe("an index's digest", () => {
  const stamps = [stampOf("a", "Tidy the page"), stampOf("b", "Fix the footer")];

  it("is the same for the same documents in any order", () => {
    expect(indexDigest([...stamps].reverse())).toBe(indexDigest(stamps));
  });

  it("changes when a document's content changes, or one goes", () => {
    const digest = indexDigest(stamps);
    expect(indexDigest([stampOf("a", "Tidy the pages"), stamps[1]!])).not.toBe(digest);
    expect(indexDigest([stamps[0]!])).not.toBe(digest);
    expect(indexDigest([])).not.toBe(digest);
  });
});
