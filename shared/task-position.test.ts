import { describe, expect, it } from "vitest";
import { positionAfter, positionAtEnd } from "./task-position.ts";

describe("positionAtEnd", () => {
  const column = [{ position: "a2" }, { position: "a0" }, { position: "a1" }];

  it("goes after every task of the column, whatever their order", () => {
    expect(positionAtEnd(column)).toBe(positionAfter(["a2"]));
    expect(positionAtEnd(column) > "a2").toBe(true);
  });

  it("goes after a position already handed out", () => {
    const issued = positionAtEnd(column);
    const next = positionAtEnd(column, issued);
    expect(next > issued).toBe(true);
  });

  it("starts an empty column", () => {
    expect(positionAtEnd([])).toBe(positionAfter([]));
  });
});
