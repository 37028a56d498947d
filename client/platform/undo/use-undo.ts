import { useEffect } from "react";
import { toast } from "sonner";
import { isTypingTarget } from "../shortcuts/shortcut-engine.ts";
import { useShortcuts } from "../shortcuts/use-shortcuts.ts";
import { useSync } from "../sync/replicache-provider.tsx";

/** A text field keeps its own Mod+Z: it undoes typing, not the last change to a task. */
const typingInField = () => {
  const active = document.activeElement;
  return isTypingTarget(active) || (active instanceof HTMLElement && active.isContentEditable);
};

/**
 * Mod+Z undoes the person's last change, Mod+Shift+Z and Mod+Y redo it, anywhere in the app
 * but a text field. After a delete or a change of several tasks, a toast offers Undo too.
 */
export function useUndo() {
  const { undo: history } = useSync();

  useShortcuts(
    {
      undo: () => !typingInField() && history.undo(),
      redo: () => !typingInField() && history.redo(),
    },
    "app",
  );

  useEffect(
    () =>
      history.onStep((step) => {
        if (!step.notable) return;
        toast(step.summary, { action: { label: "Undo", onClick: () => history.undo(step) } });
      }),
    [history],
  );
}
