/**
 * The card `step` after `from` in the board's reading order (down a column, then on to the next
 * column's first card; up, then back to the previous column's last), staying on the first or
 * last card at either end. With `from` not on the board (or null): the first card, or the last
 * for a step back. Undefined for a board with no card.
 *
 * It looks only as far as the column holding `from` and one more, and makes no list of every
 * card: on a 10,000-task board a `j` must not cost a pass over all of them.
 */
export function cardAfter(
  columns: readonly (readonly { id: string }[])[],
  from: string | null,
  step: 1 | -1,
): string | undefined {
  const filled = columns.filter((cards) => cards.length > 0);
  const edge = (cards: readonly { id: string }[] | undefined, forward: boolean) =>
    cards?.[forward ? 0 : cards.length - 1]?.id;
  for (let column = 0; from !== null && column < filled.length; column++) {
    const cards = filled[column] ?? [];
    const index = cards.findIndex((card) => card.id === from);
    if (index < 0) continue;
    const beside = cards[index + step];
    if (beside) return beside.id;
    const next = filled[column + step];
    return next ? edge(next, step > 0) : from;
  }
  return edge(step > 0 ? filled[0] : filled.at(-1), step > 0);
}
