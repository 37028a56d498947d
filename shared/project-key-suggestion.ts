/**
 * The key offered for a new project (issue 5): one word gives its first three letters, several
 * give their initials, upper-cased, and the person may edit it. Keys follow PROJECT_KEY_PATTERN:
 * 2–8 letters or digits starting with a letter, unique in the workspace.
 */
import { PROJECT_KEY_PATTERN } from "./task-key.ts";

const MAX_LENGTH = 8;

/**
 * `"Website"` → `WEB`, `"Mobile app"` → `MA`; a key already in `takenKeys` gets a number
 * (`WEB2`). Returns "" when the name has no letter to start a key with.
 */
export function suggestProjectKey(name: string, takenKeys: Iterable<string> = []): string {
  const words = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .split(" ")
    .filter(Boolean);
  // A key starts with a letter: leading words such as "2024" are skipped.
  const first = words.findIndex((word) => /^[A-Z]/.test(word));
  if (first < 0) return "";
  const usable = words.slice(first);
  const base =
    usable.length === 1
      ? (usable[0] ?? "").slice(0, 3)
      : usable
          .map((word) => word[0])
          .join("")
          .slice(0, MAX_LENGTH);
  return unusedKey(base.padEnd(2, "X"), new Set(takenKeys));
}

function unusedKey(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = String(n);
    const candidate = `${base.slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

type ProjectKeyProblem = "invalid" | "taken";

/** Why a typed key cannot be used, or null when it can. */
export function projectKeyProblem(
  key: string,
  takenKeys: Iterable<string>,
): ProjectKeyProblem | null {
  if (!PROJECT_KEY_PATTERN.test(key)) return "invalid";
  for (const taken of takenKeys) if (taken === key) return "taken";
  return null;
}
