import { describe, expect, it } from "vitest";
import { setTaskItem } from "./markdown-task-list.ts";

describe("setTaskItem", () => {
  const text = [
    "# Plan",
    "- [ ] Write the brief",
    "- [x] Book the room",
    "* [ ] Send invites",
  ].join("\n");

  it("ticks the n-th task item and leaves the rest of the text alone", () => {
    expect(setTaskItem(text, 0, true)).toBe(text.replace("- [ ] Write", "- [x] Write"));
    expect(setTaskItem(text, 2, true)).toBe(text.replace("* [ ] Send", "* [x] Send"));
  });

  it("unticks an item ticked with x or X", () => {
    expect(setTaskItem(text, 1, false)).toBe(text.replace("[x] Book", "[ ] Book"));
    expect(setTaskItem("1. [X] Done", 0, false)).toBe("1. [ ] Done");
  });

  it("counts nested items and items inside a quote in document order", () => {
    const nested = "- [ ] Outer\n  - [ ] Inner\n> - [ ] Quoted";
    expect(setTaskItem(nested, 1, true)).toBe("- [ ] Outer\n  - [x] Inner\n> - [ ] Quoted");
    expect(setTaskItem(nested, 2, true)).toBe("- [ ] Outer\n  - [ ] Inner\n> - [x] Quoted");
  });

  it("skips lines inside code fences and brackets that are not task items", () => {
    const fenced = "```\n- [ ] not a task\n```\n- [] nor this\n- [ ]\n- [ ] Real";
    expect(setTaskItem(fenced, 0, true)).toBe(fenced.replace("- [ ] Real", "- [x] Real"));
  });

  it("returns the text unchanged when there is no such item", () => {
    expect(setTaskItem(text, 7, true)).toBe(text);
  });
});
