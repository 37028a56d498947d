import { lazy, useEffect, useState } from "react";

/**
 * The parts of the board and the calendar that are not in their first frame: the peek, New
 * task, the question before a delete and the selection bar. Their code (and what it brings:
 * the comments, the description, Markdown, the pickers) is not in the screens' own chunks,
 * which the first screen waits for: it is fetched once the screen has settled, or at once when
 * one of them is wanted earlier (a `?peek=` address, `c` in the first second).
 */
const loadPeek = () => import("./task-peek.tsx");
const loadCreate = () => import("./create-task-dialog.tsx");
const loadDelete = () => import("./delete-task-dialog.tsx");
const loadSelection = () => import("./selection-bar.tsx");

export const TaskPeek = lazy(() => loadPeek().then((m) => ({ default: m.TaskPeek })));
export const CreateTaskDialog = lazy(() =>
  loadCreate().then((m) => ({ default: m.CreateTaskDialog })),
);
export const DeleteTaskDialog = lazy(() =>
  loadDelete().then((m) => ({ default: m.DeleteTaskDialog })),
);
export const SelectionBar = lazy(() => loadSelection().then((m) => ({ default: m.SelectionBar })));

/** As the command palette (app-shortcuts.tsx): long enough for the first screen to be drawn. */
const SETTLE_MS = 1500;

/**
 * Whether the later parts are mounted: from SETTLE_MS after the screen first rendered, or
 * from the first render that wants one of them. Once mounted they stay (closed), so that
 * opening one is as immediate as when they were part of the screen.
 */
export function useLaterParts(wanted: boolean): boolean {
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) return;
    const timer = setTimeout(() => setMounted(true), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [mounted]);
  return mounted || wanted;
}
