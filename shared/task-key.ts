/** Pure helpers for the human-readable names of projects and tasks. */

/** 2–8 uppercase letters or digits, starting with a letter: `WEB`, `API2`. */
export const PROJECT_KEY_PATTERN = /^[A-Z][A-Z0-9]{1,7}$/;

export function isValidProjectKey(key: string): boolean {
  return PROJECT_KEY_PATTERN.test(key);
}

/** The name people use for a task: `WEB-12`. */
export function formatTaskKey(projectKey: string, number: number): string {
  return `${projectKey}-${number}`;
}

/** `WEB-12` → `{ projectKey: "WEB", number: 12 }`, or null for anything else. */
export function parseTaskKey(text: string): { projectKey: string; number: number } | null {
  const match = /^([A-Z][A-Z0-9]{1,7})-([1-9][0-9]*)$/.exec(text.trim().toUpperCase());
  if (!match?.[1] || !match[2]) return null;
  return { projectKey: match[1], number: Number(match[2]) };
}
