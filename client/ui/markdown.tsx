import {
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type MouseEvent,
} from "react";
import type { markdownText, renderMarkdown } from "../lib/markdown.ts";
import { markdownToPlainText } from "../lib/markdown-plain-text.ts";
import {
  loadImageOnClick,
  TASK_CHECKBOX_CLASS,
  type AttachmentImage,
} from "../lib/markdown-view.ts";
import {
  keysIn,
  referencesSignature,
  TASK_REFERENCE_CLASS,
  TaskReferencesContext,
  type TaskReferences,
} from "../lib/task-references.ts";
import "./markdown.css";

type MarkdownProps = {
  text: string;
  /** Shown, muted, when the text is blank. */
  placeholder?: string;
  /**
   * Given when the reader may edit the text: the task list's checkboxes can then be ticked,
   * and this receives which one (its place among the text's task items) and its new state.
   * Without it they are shown disabled.
   */
  onTaskToggle?: (index: number, checked: boolean) => void;
  /** People's names now, by user id: a mention shows the name the person has today. */
  people?: ReadonlyMap<string, string>;
  /** How the task's attachments' images show (see lib/markdown.ts). */
  attachmentImage?: AttachmentImage;
};

/**
 * The one way the app shows markdown people wrote (descriptions, comments, the public page):
 * the document the editors edit, drawn as sanitised HTML by `lib/markdown.ts` (loaded with the
 * first text shown), styled by `markdown.css`.
 */
export function Markdown({
  text,
  placeholder,
  onTaskToggle,
  people,
  attachmentImage,
}: MarkdownProps) {
  const interactive = onTaskToggle !== undefined;
  const references = useContext(TaskReferencesContext);
  // Changes when a task the text names changes: the text is drawn again with its status.
  const referenced = useReferencedSignature(text, references);
  const renderer = useRenderer();
  const html = useMemo(
    () =>
      renderer?.renderMarkdown(text, {
        interactive,
        nameOf: (userId) => people?.get(userId),
        attachmentImage,
        references,
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `referenced` stands for the tasks read
    [renderer, text, interactive, people, attachmentImage, references, referenced],
  );
  const container = useRef<HTMLDivElement>(null);
  /** The checkbox ticked last: the new HTML replaces it, and focus must stay on its successor. */
  const toggled = useRef<number | null>(null);

  useLayoutEffect(() => {
    const index = toggled.current;
    if (index === null) return;
    toggled.current = null;
    container.current
      ?.querySelector<HTMLInputElement>(`.${TASK_CHECKBOX_CLASS}[data-task-index="${index}"]`)
      ?.focus();
  }, [html]);

  if (!text.trim()) return placeholder ? <p className="muted">{placeholder}</p> : null;
  // The first text shown waits a moment for the renderer: its words meanwhile, unformatted.
  if (html === undefined) {
    return (
      <div className="markdown" aria-busy>
        <p className="markdown-words">{markdownToPlainText(text)}</p>
      </div>
    );
  }

  const onClick = (event: MouseEvent) => {
    if (loadImageOnClick(event.target)) return;
    if (openReference(event, references)) return;
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.classList.contains(TASK_CHECKBOX_CLASS)) return;
    const index = Number(box.dataset.taskIndex);
    if (!onTaskToggle || !Number.isInteger(index)) return;
    if (box === document.activeElement) toggled.current = index;
    onTaskToggle(index, box.checked);
  };

  return (
    // The clicks are those of controls inside the HTML (image placeholders, task checkboxes),
    // which keys reach too: Enter and Space click a focused button or checkbox.
    <div
      ref={container}
      className="markdown"
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

type Renderer = { renderMarkdown: typeof renderMarkdown; markdownText: typeof markdownText };

let renderer: Renderer | undefined;
let loading: Promise<Renderer> | undefined;

/**
 * The words a reader sees in markdown, for a line of text rather than the drawn page (search
 * snippets): read by the rich-text schema the editors share once its code is here (loaded
 * with the first text shown), by the plain string rules meanwhile.
 */
export function useMarkdownWords(): (markdown: string) => string {
  return useRenderer()?.markdownText ?? markdownToPlainText;
}

/**
 * The renderer (lib/markdown.ts, on the rich-text schema the editors share): loaded with the
 * first text shown, not with the app; every text after it draws at once.
 */
function useRenderer(): Renderer | undefined {
  const [loaded, setLoaded] = useState(renderer);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loading ??= import("../lib/markdown.ts").then((module) => (renderer = module));
    void loading.then((module) => {
      if (live) setLoaded(module);
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

/**
 * What the tasks this text names look like now (`referencesSignature`): it changes when one of
 * them does; a text without keys never hears of the workspace's changes.
 */
function useReferencedSignature(text: string, references: TaskReferences | undefined): string {
  const keys = useMemo(() => keysIn(text), [text]);
  const subscribe = useCallback(
    (listener: () => void) =>
      references && keys.length > 0 ? references.subscribe(listener) : () => {},
    [references, keys],
  );
  return useSyncExternalStore(subscribe, () =>
    references && keys.length > 0 ? referencesSignature(keys, references) : "",
  );
}

/** A plain click on a task's link opens it in the app; a modified one is the browser's. */
function openReference(event: MouseEvent, references: TaskReferences | undefined): boolean {
  if (!references || !(event.target instanceof Element)) return false;
  const link = event.target.closest(`a.${TASK_REFERENCE_CLASS}`);
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) {
    return false;
  }
  const reference = references.resolve(link.textContent ?? "");
  if (!reference) return false;
  event.preventDefault();
  references.open(reference);
  return true;
}
