import DOMPurify from "dompurify";
import { marked } from "marked";

/**
 * The one way the app turns markdown written by people into HTML: marked (GitHub's flavour,
 * line breaks kept), then a strict allow-list. Anyone in a workspace writes descriptions, so
 * nothing may style the page (a `style` overlay), ask for a password (a `<form>`), run or embed
 * anything, or call home (an external image loads only when the reader asks: it becomes a
 * "Load image from <host>" button, see `loadImageOnClick`).
 */

const ALLOWED_TAGS = [
  ...["h1", "h2", "h3", "h4", "h5", "h6", "p", "br", "hr", "blockquote"],
  ...["ul", "ol", "li", "em", "strong", "del", "code", "pre", "a", "img"],
  ...["table", "thead", "tbody", "tr", "th", "td"],
  // Only the disabled checkbox of a GFM task list item survives (see below).
  "input",
];

const ALLOWED_ATTR = ["href", "title", "src", "alt", "align", "type", "checked", "disabled"];

/** http(s), mailto and blob addresses, or a relative one: no `javascript:`, `data:` links and the like. */
const ALLOWED_URI_REGEXP = /^(?:(?:https?|mailto|blob):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Marks the placeholder of an external image; its address waits in `data-src`. */
export const IMAGE_PLACEHOLDER_CLASS = "markdown-image-placeholder";

export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { async: false, gfm: true, breaks: true });
  const clean = DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
  // Finished in a document of its own, which loads no image and runs nothing.
  const inert = new DOMParser().parseFromString(clean, "text/html");
  for (const input of inert.body.querySelectorAll("input")) {
    if (input.getAttribute("type") === "checkbox") input.setAttribute("disabled", "");
    else input.remove();
  }
  for (const link of inert.body.querySelectorAll("a")) {
    link.setAttribute("target", "_blank");
    link.setAttribute("rel", "noopener noreferrer nofollow");
  }
  for (const image of inert.body.querySelectorAll("img")) {
    const source = imageSource(image.getAttribute("src"));
    if (source) image.replaceWith(placeholder(inert, image, source));
  }
  return inert.body.innerHTML;
}

/** The address of an image that must wait for a click: one not of this site, data: or blob:. */
function imageSource(src: string | null): URL | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src, window.location.href);
  } catch {
    return null;
  }
  if (url.protocol === "data:" || url.protocol === "blob:") return null;
  return url.origin === window.location.origin ? null : url;
}

function placeholder(inert: Document, image: HTMLImageElement, source: URL): HTMLElement {
  const button = inert.createElement("button");
  button.type = "button";
  button.className = IMAGE_PLACEHOLDER_CLASS;
  button.dataset.src = source.href;
  const alt = image.getAttribute("alt");
  if (alt) button.dataset.alt = alt;
  button.title = alt ? `${alt} (${source.href})` : source.href;
  button.textContent = `Load image from ${source.host}`;
  return button;
}

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
