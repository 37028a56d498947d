import { describe, expect, test } from "vitest";
import { AVATAR_COLOURS, avatarColour, initials } from "./avatar-fallback.ts";

describe("an avatar without a picture", () => {
  test("shows the first letters of the first two words of the name", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("  grace  brewster murray hopper ")).toBe("GB");
    expect(initials("Linus")).toBe("L");
    expect(initials("Émile Zola")).toBe("ÉZ");
    expect(initials("")).toBe("?");
  });

  test("keeps a person's colour: the same id gives the same colour, whatever the name", () => {
    expect(avatarColour("u-ada")).toBe(avatarColour("u-ada"));
    expect(avatarColour("Jx8vQ2k1s9")).toBe(avatarColour("Jx8vQ2k1s9"));
  });

  test("spreads people over the whole palette", () => {
    const counts = new Map<number, number>();
    for (let index = 0; index < 1000; index++) {
      const colour = avatarColour(`user-${index}`);
      counts.set(colour, (counts.get(colour) ?? 0) + 1);
    }
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual(
      Array.from({ length: AVATAR_COLOURS }, (_, index) => index + 1),
    );
    // No colour takes more than twice its share.
    expect(Math.max(...counts.values())).toBeLessThan((2 * 1000) / AVATAR_COLOURS);
  });
});
