/** A page that paints no frames (hidden) still runs the task after this long. */
const NO_FRAME_MS = 100;

/**
 * Runs `task` in a task of its own just after the next frame is painted: work a change sets
 * off that the screen does not wait for (writing to IndexedDB, indexing) then never delays
 * the frame that shows the change. A hidden page paints no frames: there it runs after
 * NO_FRAME_MS at the latest. Returns a function that cancels it.
 */
export function afterNextPaint(task: () => void): () => void {
  let done = false;
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    cancel();
    task();
  };
  // Frame callbacks run before the paint; a task queued from one runs after it. (Outside a
  // browser, in tests, there are no frames: the fallback runs it.)
  const frame =
    typeof requestAnimationFrame === "function"
      ? requestAnimationFrame(() => {
          afterFrame = setTimeout(run, 0);
        })
      : undefined;
  const fallback = setTimeout(run, NO_FRAME_MS);
  function cancel() {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(afterFrame);
    clearTimeout(fallback);
  }
  return cancel;
}
