import { Extension } from "@tiptap/core";
import { ySyncPluginKey } from "@tiptap/y-tiptap";
import { Plugin, PluginKey } from "@tiptap/pm/state";

/**
 * Keeps the person's typing one step of Mod+Z while others type beside them.
 *
 * y-tiptap marks a change that comes from the others "not for history", and keeps that mark on
 * its state until the next change of the document. A transaction that changes nothing in the
 * document after it (another person's caret moving, a click) then reads as a change of one's
 * own kept out of history, and y-tiptap closes the undo step there: with the others' keys
 * arriving as they type (each with its caret), one's word would be undone a letter or two at a
 * time. Such a transaction is followed here by one that clears the stale mark.
 */
export const UndoGroups = Extension.create({
  name: "undoGroups",
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey("undoGroups"),
        appendTransaction(transactions, _before, state) {
          if (transactions.some((transaction) => transaction.docChanged)) return null;
          const sync = ySyncPluginKey.getState(state);
          if (!sync || sync.addToHistory || sync.isChangeOrigin) return null;
          return state.tr.setMeta(ySyncPluginKey, { addToHistory: true });
        },
      }),
    ];
  },
});
