import { createContext, useContext, useMemo } from "react";
import type { StatusCategory, StatusColor } from "../../shared/status-palette.ts";

/**
 * A task named by its key in what people write (`WEB-12`, or picked after `#`): drawn as a link
 * to the task with its status, in the editors and in the text shown read-only. The text keeps
 * the key as written, so search, mail, export and the API read `WEB-12` as before.
 */
export type TaskReference = {
  taskId: string;
  key: string;
  title: string;
  /** The task's page in the app. */
  href: string;
  statusName: string;
  category: StatusCategory;
  color: StatusColor;
};

/** The tasks a text may name: those of the workspace the store holds. */
export type TaskReferences = {
  /** The task with this key, if the store has it. */
  resolve: (key: string) => TaskReference | undefined;
  /** The tasks matching what was typed after `#` (a key, a number or words of the title). */
  search: (query: string, limit: number) => TaskReference[];
  /** Called when a task, status or project may have changed; returns the unsubscription. */
  subscribe: (listener: () => void) => () => void;
  /** Goes to the task's page, in the app (no reload). */
  open: (reference: TaskReference) => void;
};

/** The workspace's tasks for the text shown inside it; none outside (the public page). */
export const TaskReferencesContext = createContext<TaskReferences | undefined>(undefined);

/**
 * The references for a task's own texts (its description, its comments): the `#` list leaves
 * the task itself out, as one does not link a task to itself.
 */
export function useReferencesBesides(taskId: string): TaskReferences | undefined {
  const references = useContext(TaskReferencesContext);
  return useMemo(
    () =>
      references && {
        ...references,
        search: (query, limit) =>
          references
            .search(query, limit + 1)
            .filter((reference) => reference.taskId !== taskId)
            .slice(0, limit),
      },
    [references, taskId],
  );
}

/** A task's key standing alone in text: `WEB-12`, not `XWEB-12`, `WEB-12a` or `web-12`. */
export const TASK_KEY_IN_TEXT = /(?<![\w-])[A-Z][A-Z0-9]{1,7}-[1-9][0-9]*(?![\w-])/g;

/** The keys a text names, in order, each once. */
export function keysIn(text: string): string[] {
  return [...new Set(text.match(TASK_KEY_IN_TEXT) ?? [])];
}

/**
 * What the references of these keys look like now, as one string: it changes only when one of
 * them is renamed, moves to another status, appears or goes (a text redraws then, not for every
 * change of the workspace).
 */
export function referencesSignature(keys: readonly string[], references: TaskReferences): string {
  return keys
    .map((key) => {
      const found = references.resolve(key);
      return found ? `${key}\t${found.title}\t${found.statusName}\t${found.color}` : key;
    })
    .join("\n");
}

/** Marks the link of a task reference: `data-category` and `data-color` draw its status. */
export const TASK_REFERENCE_CLASS = "task-reference";

/** The attributes of a reference's link, for the editor's decoration and the drawn HTML alike. */
export function referenceAttributes(reference: TaskReference): Record<string, string> {
  return {
    class: TASK_REFERENCE_CLASS,
    href: reference.href,
    title: `${reference.key} ${reference.title} · ${reference.statusName}`,
    "data-category": reference.category,
    "data-color": reference.color,
  };
}

/**
 * Turns the keys of known tasks in drawn HTML into links to them, leaving code, links and
 * mention chips as they are.
 */
export function linkTaskReferences(root: HTMLElement, references: TaskReferences): void {
  const owner = root.ownerDocument;
  const walker = owner.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found: [Text, RegExpExecArray[]][] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (text.parentElement?.closest("a, code, pre, .markdown-mention, button")) continue;
    // matchAll starts from a copy of the pattern's own place: it is always 0 here (no `test`).
    const matches = [...text.data.matchAll(TASK_KEY_IN_TEXT)];
    if (matches.length > 0) found.push([text, matches]);
  }
  for (const [text, matches] of found) {
    const parts: Node[] = [];
    let last = 0;
    for (const match of matches) {
      const reference = references.resolve(match[0]);
      if (!reference) continue;
      parts.push(owner.createTextNode(text.data.slice(last, match.index)));
      const link = owner.createElement("a");
      for (const [name, value] of Object.entries(referenceAttributes(reference))) {
        link.setAttribute(name, value);
      }
      link.textContent = reference.key;
      parts.push(link);
      last = match.index + match[0].length;
    }
    if (parts.length === 0) continue;
    parts.push(owner.createTextNode(text.data.slice(last)));
    text.replaceWith(...parts);
  }
}
