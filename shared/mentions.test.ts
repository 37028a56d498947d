import { describe, expect, it } from "vitest";
import { findMentions, mentionMarkdown, mentionedUserIds } from "./mentions.ts";

describe("mentions", () => {
  it("a mention is written as readable markdown and read back", () => {
    const markdown = `Ask ${mentionMarkdown("Ada Lovelace", "u-1")} about it`;

    expect(markdown).toBe("Ask @[Ada Lovelace](user:u-1) about it");
    expect(findMentions(markdown)).toEqual([
      { userId: "u-1", name: "Ada Lovelace", index: 4, length: 25 },
    ]);
  });

  it("brackets and backslashes in a name survive the round trip", () => {
    const markdown = mentionMarkdown("Bob [ops] \\ team", "u-2");

    expect(findMentions(markdown)[0]?.name).toBe("Bob [ops] \\ team");
  });

  it("each person counts once, in order of first mention", () => {
    const text = "@[A](user:a) and @[B](user:b), again @[A](user:a)";

    expect(mentionedUserIds(text)).toEqual(["a", "b"]);
  });

  it("links, emails and half-written mentions are not mentions", () => {
    expect(mentionedUserIds("[x](https://e.com) a@[b](c) @[x](user:) @[](user:u) @Ada")).toEqual(
      [],
    );
  });
});
