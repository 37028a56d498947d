import type { Locator, Page } from "@playwright/test";

/** The task page's description editor (CodeMirror's content, named by the "Description" heading). */
export const descriptionEditor = (page: Page) => page.getByRole("textbox", { name: "Description" });

/**
 * The text in the description editor as its lines show it, one per line, without other
 * people's cursors (their names are drawn inside the lines) or the placeholder.
 */
export function editorText(field: Locator): Promise<string> {
  return field.evaluate((content) => {
    const copy = content.cloneNode(true);
    if (!(copy instanceof HTMLElement)) return "";
    for (const extra of copy.querySelectorAll(".cm-ySelectionCaret, .cm-placeholder")) {
      extra.remove();
    }
    return [...copy.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n");
  });
}
