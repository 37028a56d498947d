import { Extension } from "@tiptap/core";
import type { Node as ProseMirrorNode } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { Decoration, DecorationSet } from "@tiptap/pm/view";
import {
  keysIn,
  referenceAttributes,
  referencesSignature,
  TASK_KEY_IN_TEXT,
  TASK_REFERENCE_CLASS,
  type TaskReferences,
} from "../../lib/task-references.ts";

type State = { decorations: DecorationSet; signature: string };

const key = new PluginKey<State>("taskReferenceLinks");

/** The keys the document's text names, outside code. */
function documentKeys(doc: ProseMirrorNode): string[] {
  const keys = new Set<string>();
  doc.descendants((node) => {
    if (node.type.spec.code) return false;
    if (node.isText && !node.marks.some((mark) => mark.type.spec.code)) {
      for (const found of keysIn(node.text ?? "")) keys.add(found);
    }
    return true;
  });
  return [...keys];
}

/** Each key of a known task, outside code and links, drawn as a link to it with its status. */
function decorate(doc: ProseMirrorNode, references: TaskReferences | undefined): State {
  if (!references) return { decorations: DecorationSet.empty, signature: "" };
  const found: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (node.type.spec.code) return false;
    if (!node.isText || node.marks.some((mark) => mark.type.spec.code || mark.type.name === "link"))
      return true;
    for (const match of (node.text ?? "").matchAll(TASK_KEY_IN_TEXT)) {
      const reference = references.resolve(match[0]);
      if (!reference) continue;
      const from = pos + match.index;
      found.push(
        Decoration.inline(from, from + match[0].length, {
          nodeName: "a",
          ...referenceAttributes(reference),
        }),
      );
    }
    return true;
  });
  return {
    decorations: DecorationSet.create(doc, found),
    signature: referencesSignature(documentKeys(doc), references),
  };
}

/**
 * Task keys in the text (`WEB-12`, typed or picked after `#`) drawn as links with the task's
 * status, kept up to date as the task changes; a click on one opens the task. The text itself
 * keeps the key as written.
 */
export const TaskReferenceLinks = Extension.create<{
  references: () => TaskReferences | undefined;
}>({
  name: "taskReferenceLinks",
  addOptions: () => ({ references: () => undefined }),
  addProseMirrorPlugins() {
    const references = this.options.references;
    return [
      new Plugin<State>({
        key,
        state: {
          init: (_, state) => decorate(state.doc, references()),
          apply: (transaction, previous, _, state) =>
            transaction.docChanged || transaction.getMeta(key)
              ? decorate(state.doc, references())
              : previous,
        },
        props: {
          decorations: (state) => key.getState(state)?.decorations,
          handleClick: (_view, _pos, event) => {
            const link = event.target instanceof Element ? event.target.closest("a") : null;
            if (!link?.classList.contains(TASK_REFERENCE_CLASS)) return false;
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
              return false;
            const reference = references()?.resolve(link.textContent ?? "");
            if (!reference) return false;
            event.preventDefault();
            references()?.open(reference);
            return true;
          },
        },
        view: (view) => {
          const source = references();
          // A task named here changed (its status, its title, or it appeared): drawn again.
          const stop = source?.subscribe(() => {
            const state = key.getState(view.state);
            if (view.isDestroyed || !state) return;
            const now = referencesSignature(documentKeys(view.state.doc), source);
            if (now !== state.signature) view.dispatch(view.state.tr.setMeta(key, true));
          });
          return { destroy: () => stop?.() };
        },
      }),
    ];
  },
});
