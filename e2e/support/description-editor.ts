import type { Locator, Page } from "@playwright/test";

/** The task's description editor (the rich-text field named by the "Description" heading). */
export const descriptionEditor = (page: Page) => page.getByRole("textbox", { name: "Description" });

/**
 * The text in the description editor as its blocks show it, one line per paragraph, heading,
 * list item or code line, without other people's carets (their names are drawn inside the
 * text) or the placeholder.
 */
export function editorText(field: Locator): Promise<string> {
  return field.evaluate((content) => {
    const copy = content.cloneNode(true);
    if (!(copy instanceof HTMLElement)) return "";
    for (const extra of copy.querySelectorAll(".collaboration-caret")) extra.remove();
    return [...copy.querySelectorAll("p, h1, h2, h3, h4, h5, h6, pre")]
      .map((block) => block.textContent)
      .join("\n");
  });
}
