import { describe, expect, it } from "vitest";
import { markdownToText } from "./document-text.ts";

describe("markdownToText", () => {
  it("gives the words without markdown's marks, a block a line", () => {
    expect(markdownToText("## Ship **it** _today_\n\n- one `two`\n- [three](https://x.y)")).toBe(
      "Ship it today\none two\nthree",
    );
  });

  it("writes a mention as the name, an image as its alternative text, a checklist as its items", () => {
    expect(
      markdownToText("Ask @[Ada \\] L](user:u1)\n\n![the chart](/api/attachments/a/content)"),
    ).toBe("Ask @Ada ] L\nthe chart");
    expect(markdownToText("* [x] done\n* [ ] open")).toBe("done\nopen");
  });

  it("keeps code as written and a table's cells side by side", () => {
    expect(markdownToText("```ts\nconst a = **b**;\n```")).toBe("const a = **b**;");
    expect(markdownToText("| a | b |\n|---|---|\n| 1 | 2 |")).toBe("a b\n1 2");
  });
});
