/**
 * What Postgres cannot store as written: a NUL (text refuses it, error 22021) and a lone
 * surrogate (stored as U+FFFD, another text than the one the client holds). A mutation carrying
 * one in any of its strings is refused at the boundary, for every mutator and field alike.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string) => text.includes("\u0000") || LONE_SURROGATE.test(text);

/** Arguments are flat; anything nested deeper is refused by their schemas anyway. */
const MAX_DEPTH = 8;

/** The path of the first string in `value` that holds an unstorable character, or null. */
export function unstorablePath(value: unknown, path: PropertyKey[] = []): PropertyKey[] | null {
  if (typeof value === "string") return unstorable(value) ? path : null;
  if (typeof value !== "object" || value === null || path.length >= MAX_DEPTH) return null;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorablePath(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return null;
}
