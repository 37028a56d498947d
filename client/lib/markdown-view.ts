/**
 * What the text drawn by `markdown.ts` shares with the screens that show it, without the
 * renderer itself (which stands on the rich-text schema and loads with the first text shown).
 */

/** Marks the placeholder of an external image; its address waits in `data-src`. */
export const IMAGE_PLACEHOLDER_CLASS = "markdown-image-placeholder";

/** Marks a task list's checkbox; its place among the text's task items waits in `data-task-index`. */
export const TASK_CHECKBOX_CLASS = "markdown-task-checkbox";

/**
 * How an attachment's image shows (shared/attachments.ts): from a local address while this
 * browser sends it, as "Uploading image…" while someone else's is on its way, else as is.
 */
export type AttachmentImage = (id: string) => { localUrl?: string; pending: boolean } | undefined;

/**
 * For the element rendered HTML sits in: a click on an image placeholder loads the image in its
 * place. Returns whether the click was one.
 */
export function loadImageOnClick(target: EventTarget): boolean {
  if (!(target instanceof Element)) return false;
  const button = target.closest(`button.${IMAGE_PLACEHOLDER_CLASS}`);
  if (!(button instanceof HTMLButtonElement) || !button.dataset.src) return false;
  const image = document.createElement("img");
  image.src = button.dataset.src;
  image.alt = button.dataset.alt ?? "";
  button.replaceWith(image);
  return true;
}
