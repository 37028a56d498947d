/**
 * Board order: fractional-indexing keys compared with `<` (byte order, like `COLLATE "C"` in
 * Postgres), never with localeCompare. Ties (two clients inserting at the same spot) are
 * broken by id.
 */
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";

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

/**
 * A position between two neighbours (null: the start or the end of the list). Neighbours that
 * share a key (two people inserted at one spot) have nothing between them: the new one goes
 * just after the first, and the id breaks the tie with the second.
 */
export function positionBetween(before: string | null, after: string | null): string {
  if (before !== null && after !== null && after <= before) return generateKeyBetween(before, null);
  return generateKeyBetween(before, after);
}

/** `count` positions, in order, after every given one: tasks appended to a column together. */
export function positionsAfter(positions: Iterable<string>, count: number): string[] {
  let last: string | null = null;
  for (const position of positions) if (last === null || position > last) last = position;
  return generateNKeysBetween(last, null, count);
}

export function comparePositions(
  a: { position: string; id: string },
  b: { position: string; id: string },
): number {
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  if (a.id === b.id) return 0;
  return a.id < b.id ? -1 : 1;
}

/**
 * "To the end of a column", written once (a new task, a status from a picker, a bulk move):
 * a position after every task of `column` (its tasks, in any order), and after `issued` too: a
 * position already handed out in that column that the store may not show yet.
 */
export function positionAtEnd(column: readonly { position: string }[], issued?: string): string {
  const positions = column.map((task) => task.position);
  return positionAfter(issued === undefined ? positions : [...positions, issued]);
}
