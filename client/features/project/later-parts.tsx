import { lazy, useState } from "react";

/**
 * The parts of the board and the calendar that are not in their first frame: the peek, New
 * task, the question before a delete and the selection bar. Their code (and what it brings:
 * the comments, the description, Markdown, the pickers) is not in the screens' own chunks,
 * which the first screen waits for. It is fetched at the first sign that the person is about
 * to use the screen (a pointer over it, the focus in it: `preloadLaterParts`), and each part
 * mounts the first time it is wanted, then stays (closed), so that it closes with its animation
 * and opens again at once. A board looked at and not touched carries none of them.
 */
const loadPeek = () => import("./peek/task-peek.tsx");
const loadCreate = () => import("./create-task-dialog.tsx");
const loadDelete = () => import("./cards/delete-task-dialog.tsx");
const loadSelection = () => import("./cards/selection-bar.tsx");

export const TaskPeek = lazy(() => loadPeek().then((m) => ({ default: m.TaskPeek })));
export const CreateTaskDialog = lazy(() =>
  loadCreate().then((m) => ({ default: m.CreateTaskDialog })),
);
export const DeleteTaskDialog = lazy(() =>
  loadDelete().then((m) => ({ default: m.DeleteTaskDialog })),
);
export const SelectionBar = lazy(() => loadSelection().then((m) => ({ default: m.SelectionBar })));

let preloaded = false;

/** Fetches the later parts' code, once: by the time a card is clicked, the peek's is here. */
export function preloadLaterParts() {
  if (preloaded) return;
  preloaded = true;
  void Promise.all([loadPeek(), loadCreate(), loadDelete(), loadSelection()]).catch(() => {
    preloaded = false; // Offline before the service worker held them: the next sign tries again.
  });
}

/** Whether a later part is mounted: from the first render that wants it, then for good. */
export function useWantedOnce(wanted: boolean): boolean {
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  return mounted || wanted;
}
