/**
 * A finger held on a card for the touch sensor's 250 ms picks the card up; lifted without
 * moving, the drag ends where it began and the browser still sends the tap's click, which would
 * open the peek on top of a card the person only meant to pick up. The board notes when a drag
 * ends, and a card's click that follows within a moment is not a tap.
 */
let lastDragEnd = Number.NEGATIVE_INFINITY;

/** How long after a drag ends its click may still arrive (after touchend, then a frame). */
const CLICK_AFTER_DRAG_MS = 400;

export function noteDragEnded() {
  lastDragEnd = performance.now();
}

export function clickEndsADrag(): boolean {
  return performance.now() - lastDragEnd < CLICK_AFTER_DRAG_MS;
}
