import { describe, expect, it } from "vitest";
import { markdownToPlainText } from "./markdown-plain-text.ts";

describe("markdownToPlainText", () => {
  it("drops heading, quote, list and task marks", () => {
    const text = "## Launch plan\n> Ship it\n- [ ] Write docs\n1. Review\n* [x] Done";
    expect(markdownToPlainText(text)).toBe("Launch plan\nShip it\nWrite docs\nReview\nDone");
  });

  it("keeps the text of emphasis, code, links and images", () => {
    const text =
      "**Bold** and *italic*, ~~gone~~, `npm test`, [the docs](https://x.dev) ![logo](a.png)";
    expect(markdownToPlainText(text)).toBe("Bold and italic, gone, npm test, the docs logo");
  });

  it("leaves snake_case words, lone stars and escaped characters readable", () => {
    expect(markdownToPlainText("set max_retry_count to 3 * 2 \\*not bold\\*")).toBe(
      "set max_retry_count to 3 * 2 *not bold*",
    );
  });

  it("keeps a code block's code and a table's cells, without fences or borders", () => {
    const text = "```ts\nconst a = 1;\n```\n| Name | Role |\n| --- | :-: |\n| Ada | Owner |\n---";
    expect(markdownToPlainText(text)).toBe("const a = 1;\nName Role\nAda Owner");
  });

  it("removes HTML tags and keeps autolinks' addresses", () => {
    expect(markdownToPlainText("<b>Hi</b> see <https://example.com>")).toBe(
      "Hi see https://example.com",
    );
  });
});
