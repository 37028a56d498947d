import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { AVATAR_COLOURS } from "../ui/avatar-fallback.ts";
import { statusColors } from "../../shared/status-palette.ts";

/**
 * WCAG AA in both themes, read from the tokens the CSS really uses: body text 4.5:1 against
 * every surface it sits on; the focus ring, status and priority icons 3:1 (non-text
 * contrast); the initials of avatars 4.5:1 on every colour of their palette.
 */
const css = readFileSync(path.join(import.meta.dirname, "theme.css"), "utf8");

/** The `--name: #hex` tokens of the first block whose selector is `selector`. */
function tokens(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(css.indexOf("{", start) + 1, css.indexOf("}", start));
  const entries = [...block.matchAll(/--([\w-]+):\s*(#[0-9a-f]{6})/gi)].map(
    (match) => [match[1] ?? "", match[2] ?? ""] as const,
  );
  return new Map(entries);
}

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((offset) => parseInt(hex.slice(offset, offset + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((c) =>
    c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const surfaces = ["bg", "surface", "surface-raised", "surface-hover"];
const texts = ["text", "text-muted", "accent-text", "danger"];
const icons = [
  ...statusColors.map((color) => `status-${color}`),
  "priority-urgent",
  "priority-bar",
];

describe.each([
  ["dark", '[data-theme="dark"]'],
  ["light", '[data-theme="light"]'],
])("the %s theme", (_name, selector) => {
  const theme = tokens(selector);
  const colour = (name: string) => {
    const value = theme.get(`color-${name}`);
    if (!value) throw new Error(`--color-${name} is missing`);
    return value;
  };

  test.each(texts.flatMap((text) => surfaces.map((surface) => [text, surface])))(
    "%s text reads at 4.5:1 or more on %s",
    (text, surface) => {
      expect(contrast(colour(text), colour(surface))).toBeGreaterThanOrEqual(4.5);
    },
  );

  test("text on accent and danger buttons reads at 4.5:1 or more", () => {
    expect(contrast(colour("on-accent"), colour("accent"))).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colour("on-accent"), colour("danger-bg"))).toBeGreaterThanOrEqual(4.5);
  });

  test.each(icons.flatMap((icon) => surfaces.map((surface) => [icon, surface])))(
    "the %s icon stands out at 3:1 or more on %s",
    (icon, surface) => {
      expect(contrast(colour(icon), colour(surface))).toBeGreaterThanOrEqual(3);
    },
  );

  test("a checkbox's edge, unchecked or checked, stands out at 3:1 or more on every surface", () => {
    for (const surface of surfaces) {
      expect(contrast(colour("control-border"), colour(surface))).toBeGreaterThanOrEqual(3);
      expect(contrast(colour("accent"), colour(surface))).toBeGreaterThanOrEqual(3);
    }
  });

  test("the focus ring stands out at 3:1 or more against the page and surfaces", () => {
    for (const surface of surfaces) {
      expect(contrast(colour("focus"), colour(surface))).toBeGreaterThanOrEqual(3);
    }
  });
});

describe("the avatar palette", () => {
  const shared = tokens(":root");
  const avatarColours = [...shared].filter(([name]) => /^color-avatar-\d+$/.test(name));

  test("has as many colours as avatars pick from, ten, so neighbours rarely share one", () => {
    expect(avatarColours).toHaveLength(AVATAR_COLOURS);
    expect(AVATAR_COLOURS).toBe(10);
  });

  test.each(avatarColours)("white initials read at 4.5:1 or more on --%s", (_name, value) => {
    expect(contrast(shared.get("color-on-avatar") ?? "", value)).toBeGreaterThanOrEqual(4.5);
  });
});
