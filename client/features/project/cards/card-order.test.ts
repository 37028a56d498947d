import { describe, expect, it } from "vitest";
import { cardAfter } from "./card-order.ts";

const cards = (...ids: string[]) => ids.map((id) => ({ id }));
// Three columns of the board, the middle one empty.
const board = [cards("a", "b"), cards(), cards("c", "d", "e")];

/** The reading order the board had before: every card's id in one list. */
function byFlatList(from: string | null, step: 1 | -1) {
  const order = board.flatMap((column) => column.map((card) => card.id));
  const index = from === null ? -1 : order.indexOf(from);
  return index < 0
    ? order[step > 0 ? 0 : order.length - 1]
    : order[Math.min(Math.max(index + step, 0), order.length - 1)];
}

describe("cardAfter", () => {
  it("goes down a column, then on to the next column with cards, skipping an empty one", () => {
    expect(cardAfter(board, "a", 1)).toBe("b");
    expect(cardAfter(board, "b", 1)).toBe("c");
    expect(cardAfter(board, "d", 1)).toBe("e");
  });

  it("goes up a column, then back to the last card of the previous column with cards", () => {
    expect(cardAfter(board, "e", -1)).toBe("d");
    expect(cardAfter(board, "c", -1)).toBe("b");
  });

  it("stays on the first and last cards at the ends", () => {
    expect(cardAfter(board, "a", -1)).toBe("a");
    expect(cardAfter(board, "e", 1)).toBe("e");
  });

  it("starts from the first card, or the last going back, when nothing is focused", () => {
    expect(cardAfter(board, null, 1)).toBe("a");
    expect(cardAfter(board, null, -1)).toBe("e");
    expect(cardAfter(board, "gone", 1)).toBe("a");
    expect(cardAfter(board, "gone", -1)).toBe("e");
  });

  it("finds nothing on a board without cards", () => {
    expect(cardAfter([cards(), cards()], null, 1)).toBeUndefined();
    expect(cardAfter([], "a", -1)).toBeUndefined();
  });

  it("answers as the flat list of every card did, from every card both ways", () => {
    for (const from of [null, "gone", "a", "b", "c", "d", "e"]) {
      for (const step of [1, -1] as const) {
        expect(cardAfter(board, from, step), `${from} ${step}`).toBe(byFlatList(from, step));
      }
    }
  });
});
