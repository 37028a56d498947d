import { useEffect, useState, type DragEvent } from "react";
import type { AddedFile } from "../../platform/upload-queue.ts";

const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes("Files");

/**
 * Files dropped anywhere on the task page, or pasted while no field has the focus, are
 * attached to the task. A drop or paste that the description or a comment box took (they put
 * images inline) is theirs (defaultPrevented).
 */
export function useTaskPageFiles(
  enabled: boolean,
  addFiles: (files: readonly File[]) => Promise<AddedFile[]>,
) {
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    const onPaste = (event: ClipboardEvent) => {
      if (event.defaultPrevented || isEditable(event.target)) return;
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      void addFiles(files);
    };
    document.addEventListener("paste", onPaste);
    return () => document.removeEventListener("paste", onPaste);
  }, [enabled, addFiles]);

  const handlers = enabled
    ? {
        onDragOver: (event: DragEvent) => {
          if (!carriesFiles(event)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = "copy";
          setDragging(true);
        },
        onDragLeave: (event: DragEvent) => {
          // Leaving for a child is not leaving the page.
          if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
          setDragging(false);
        },
        onDrop: (event: DragEvent) => {
          setDragging(false);
          if (event.defaultPrevented || !carriesFiles(event)) return;
          event.preventDefault();
          void addFiles([...event.dataTransfer.files]);
        },
      }
    : {};
  return { dragging, handlers };
}

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.matches("input, textarea, select"))
  );
}
