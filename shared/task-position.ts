/**
 * Board order: fractional-indexing keys compared with `<` (byte order, like `COLLATE "C"` in
 * Postgres), never with localeCompare. Ties (two clients inserting at the same spot) are
 * broken by id.
 */
import { generateKeyBetween } from "fractional-indexing";

export function isValidPosition(position: string): boolean {
  if (!/^[0-9A-Za-z]+$/.test(position)) return false;
  try {
    generateKeyBetween(position, null);
    return true;
  } catch {
    return false;
  }
}

/** A position after every given one: where a new task goes at the end of its column. */
export function positionAfter(positions: Iterable<string>): string {
  let last: string | null = null;
  for (const position of positions) if (last === null || position > last) last = position;
  return generateKeyBetween(last, null);
}

export function comparePositions(
  a: { position: string; id: string },
  b: { position: string; id: string },
): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}
