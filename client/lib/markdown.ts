import DOMPurify from "dompurify";
import { attachmentIdOf } from "../../shared/attachments.ts";
import { documentToHtml } from "../../shared/rich-text/document-html.ts";
import { markdownToText } from "../../shared/rich-text/document-text.ts";
import { markdownToDocument } from "../../shared/rich-text/markdown.ts";
import {
  IMAGE_PLACEHOLDER_CLASS,
  TASK_CHECKBOX_CLASS,
  type AttachmentImage,
} from "./markdown-view.ts";
import { codeLanguageName } from "./code-languages.ts";
import { linkTaskReferences, type TaskReferences } from "./task-references.ts";

/**
 * The one way the app turns markdown written by people into HTML: read as the document the
 * editors edit (shared/rich-text: GitHub's flavour, line breaks kept; HTML typed stays text),
 * drawn from that document (`documentToHtml`), then a strict allow-list. Anyone in a workspace writes descriptions, so
 * nothing may style the page (a `style` overlay), ask for a password (a `<form>`), run or embed
 * anything, or call home. Only an attachment's image (`/api/attachments/{id}/content`) loads by
 * itself; any other image loads only when the reader asks (a "Load image from <host>" button, see
 * `loadImageOnClick`), of this site too: an image is a GET with the reader's cookies, and a
 * written `![](/api/…)` must not act for them.
 */

const ALLOWED_TAGS = [
  ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote"],
  ...["ul", "ol", "li", "em", "strong", "del", "code", "pre", "a", "img"],
  ...["table", "thead", "tbody", "tr", "th", "td"],
  // Only the disabled checkbox of a GFM task list item survives (see below).
  "input",
];

// `class` only for a code block's language (`language-ts`): every class is taken away again
// once that is read (`nameCodeLanguages`), so no written HTML can look like the app's own.
const ALLOWED_ATTR = [
  ...["href", "title", "src", "alt", "align", "type", "checked", "disabled", "start"],
  "class",
];

/**
 * http(s), mailto and blob addresses, or a relative one: no `javascript:`, `data:` links and the
 * like. `user:` is a mention's target (shared/mentions.ts); no such link survives as a link.
 */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|blob|user):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Marks a mention shown as a chip; the person's user id waits in `data-user-id`. */
const MENTION_CLASS = "markdown-mention";

/** Marks an image of ours whose bytes are still on their way. */
const IMAGE_PENDING_CLASS = "markdown-image-pending";

type RenderOptions = {
  /** For attachments' images (`/api/attachments/{id}/content`); without it they load as is. */
  attachmentImage?: AttachmentImage;
  /** Task list checkboxes can be ticked (the reader may edit the text); else they are disabled. */
  interactive?: boolean;
  /** A mentioned person's name now, by user id; without it (or them) the name as written. */
  nameOf?: (userId: string) => string | undefined;
  /** The workspace's tasks: their keys in the text become links with their status. */
  references?: TaskReferences;
};

export function renderMarkdown(
  text: string,
  { interactive = false, nameOf, attachmentImage, references }: RenderOptions = {},
): string {
  // The document the editor edits, read from the markdown by the same schema, drawn as HTML.
  const html = documentToHtml(markdownToDocument(text));
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
  // Finished in a document of its own, which loads no image and runs nothing.
  const inert = new DOMParser().parseFromString(clean, "text/html");
  nameCodeLanguages(inert.body);
  let taskIndex = 0;
  for (const input of inert.body.querySelectorAll("input")) {
    if (input.getAttribute("type") === "checkbox")
      labelTaskCheckbox(input, taskIndex++, interactive);
    else input.remove();
  }
  for (const link of inert.body.querySelectorAll('a[href^="user:"]')) {
    showMention(inert, link, nameOf);
  }
  if (references) linkTaskReferences(inert.body, references);
  // A link elsewhere opens in a new tab, telling that page nothing; one into the app stays here.
  for (const link of inert.body.querySelectorAll("a")) {
    if (isThisSite(link.getAttribute("href"))) continue;
    link.setAttribute("target", "_blank");
    link.setAttribute("rel", "noopener noreferrer nofollow");
  }
  for (const image of inert.body.querySelectorAll("img")) {
    const id = attachmentIdOf(image.getAttribute("src") ?? "");
    const state = id ? attachmentImage?.(id) : undefined;
    if (state?.localUrl) image.setAttribute("src", state.localUrl);
    else if (state?.pending) image.replaceWith(pendingImage(inert, image));
    if (id) continue;
    const source = imageSource(image.getAttribute("src"));
    if (source) image.replaceWith(placeholder(inert, image, source));
    else image.remove();
  }
  return inert.body.innerHTML;
}

/**
 * A code block written with its language (` ```ts `) names it over the code ("TypeScript",
 * `data-language`, drawn by markdown.css); then every class goes.
 */
function nameCodeLanguages(body: HTMLElement) {
  for (const element of body.querySelectorAll("[class]")) {
    const language = /^language-(\S+)$/.exec(element.getAttribute("class") ?? "")?.[1];
    const block = element.parentElement;
    if (language && element.tagName === "CODE" && block?.tagName === "PRE") {
      block.dataset.language = codeLanguageName(language);
    }
    element.removeAttribute("class");
  }
}

/**
 * A task list item's checkbox, named by the item's own text for screen readers ("Write the
 * brief", not "checkbox"), and numbered in document order: the n-th checkbox is the n-th task
 * item of the text, which `toggleTaskItem` finds again.
 */
function labelTaskCheckbox(input: Element, index: number, interactive: boolean) {
  const item = input.closest("li");
  const label = [...(item?.childNodes ?? [])]
    .filter((node) => !(node instanceof Element && (node.matches("ul, ol") || node === input)))
    .map((node) => node.textContent ?? "")
    .join("")
    .trim();
  input.setAttribute("aria-label", label || "Task");
  input.setAttribute("class", TASK_CHECKBOX_CLASS);
  input.setAttribute("data-task-index", String(index));
  item?.setAttribute("class", "markdown-task-item");
  if (interactive) input.removeAttribute("disabled");
  else input.setAttribute("disabled", "");
}

/**
 * `@[Name](user:ID)` arrives as "@" then a link to `user:ID`: the pair becomes a chip with the
 * person's current name (text only, so nothing the writer typed becomes markup). A `user:` link
 * without its "@" is not a mention and stays its text.
 */
function showMention(inert: Document, link: Element, nameOf: RenderOptions["nameOf"]): void {
  const userId = (link.getAttribute("href") ?? "").slice("user:".length);
  const before = link.previousSibling;
  const written = link.textContent ?? "";
  if (!(before instanceof Text) || !before.data.endsWith("@") || !userId) {
    link.replaceWith(inert.createTextNode(written));
    return;
  }
  before.data = before.data.slice(0, -1);
  const chip = inert.createElement("span");
  chip.className = MENTION_CLASS;
  chip.dataset.userId = userId;
  chip.textContent = `@${nameOf?.(userId) ?? written}`;
  link.replaceWith(chip);
}

function isThisSite(href: string | null): boolean {
  if (!href) return false;
  try {
    return new URL(href, window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** The address of an image that is not an attachment's, which waits for a click; null if none. */
function imageSource(src: string | null): URL | null {
  if (!src) return null;
  try {
    return new URL(src, window.location.href);
  } catch {
    return null;
  }
}

function pendingImage(inert: Document, image: HTMLImageElement): HTMLElement {
  const span = inert.createElement("span");
  span.className = IMAGE_PENDING_CLASS;
  const alt = image.getAttribute("alt");
  span.textContent = alt ? `Uploading ${alt}…` : "Uploading image…";
  return span;
}

function placeholder(inert: Document, image: HTMLImageElement, source: URL): HTMLElement {
  const button = inert.createElement("button");
  button.type = "button";
  button.className = IMAGE_PLACEHOLDER_CLASS;
  button.dataset.src = source.href;
  const alt = image.getAttribute("alt");
  if (alt) button.dataset.alt = alt;
  button.title = alt ? `${alt} (${source.href})` : source.href;
  button.textContent = source.host ? `Load image from ${source.host}` : "Load embedded image";
  return button;
}

/** The words a reader sees in markdown, one block a line (a search result's snippet). */
export const markdownText: (markdown: string) => string = markdownToText;
