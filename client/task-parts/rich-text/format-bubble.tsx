import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import { Bold, Code, Italic, Link, Strikethrough, type LucideIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { classNames } from "../../ui/class-names.ts";

type FormatBubbleProps = {
  editor: Editor;
  /** Whether the link field is shown (Mod+K, or the bubble's link button). */
  linkOpen: boolean;
  onLinkOpenChange: (open: boolean) => void;
};

type Mark = "bold" | "italic" | "strike" | "code" | "link";

/** The marks the bubble toggles, with the keys that do the same. */
const MARKS: readonly {
  mark: Exclude<Mark, "link">;
  label: string;
  keys: string;
  icon: LucideIcon;
}[] = [
  { mark: "bold", label: "Bold", keys: "Mod+B", icon: Bold },
  { mark: "italic", label: "Italic", keys: "Mod+I", icon: Italic },
  { mark: "strike", label: "Strikethrough", keys: "Mod+Shift+S", icon: Strikethrough },
  { mark: "code", label: "Code", keys: "Mod+E", icon: Code },
];

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
const shown = (keys: string) => keys.replace("Mod", isMac ? "⌘" : "Ctrl");

/**
 * The small bar over a selection: bold, italic, strikethrough, code and link, each with its
 * keys in its name; the link button (or Mod+K) turns it into a field for the address, Enter
 * sets it, an empty address removes it, Escape goes back to the text.
 */
export function FormatBubble({ editor, linkOpen, onLinkOpenChange }: FormatBubbleProps) {
  // The menu reads `shouldShow` when the editor changes, not when this renders.
  const linkOpenRef = useRef(linkOpen);
  linkOpenRef.current = linkOpen;
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      strike: current.isActive("strike"),
      code: current.isActive("code"),
      link: current.isActive("link"),
      href: String(current.getAttributes("link").href ?? ""),
    }),
  });

  return (
    <BubbleMenu
      editor={editor}
      className="format-bubble"
      options={{ placement: "top", offset: 6 }}
      shouldShow={({ editor: current, state }) =>
        linkOpenRef.current ||
        (current.isEditable &&
          !state.selection.empty &&
          !current.isActive("codeBlock") &&
          state.doc.textBetween(state.selection.from, state.selection.to).trim().length > 0)
      }
    >
      {linkOpen ? (
        <LinkField
          href={active?.href ?? ""}
          onDone={(href) => {
            const chain = editor.chain().focus().extendMarkRange("link");
            if (href === null) chain.run();
            else if (href) chain.setLink({ href }).run();
            else chain.unsetLink().run();
            onLinkOpenChange(false);
          }}
        />
      ) : (
        <div role="toolbar" aria-label="Format" className="format-bubble-bar">
          {MARKS.map(({ mark, label, keys, icon: Icon }) => (
            <button
              key={mark}
              type="button"
              className={classNames("format-button", active?.[mark] && "is-active")}
              aria-label={`${label} (${shown(keys)})`}
              title={`${label} (${shown(keys)})`}
              aria-pressed={active?.[mark] ?? false}
              // The selection stays where it is while the pointer presses.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => editor.chain().focus().toggleMark(mark).run()}
            >
              <Icon size={15} aria-hidden />
            </button>
          ))}
          <button
            type="button"
            className={classNames("format-button", active?.link && "is-active")}
            aria-label={`Link (${shown("Mod+K")})`}
            title={`Link (${shown("Mod+K")})`}
            aria-pressed={active?.link ?? false}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onLinkOpenChange(true)}
          >
            <Link size={15} aria-hidden />
          </button>
        </div>
      )}
    </BubbleMenu>
  );
}

/** The address of a link: null when left without a change (Escape). */
function LinkField({ href, onDone }: { href: string; onDone: (href: string | null) => void }) {
  const [value, setValue] = useState(href);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <form
      className="format-link"
      onSubmit={(event) => {
        event.preventDefault();
        onDone(normalisedHref(value));
      }}
    >
      <input
        ref={input}
        className="format-link-input"
        // Text, not url: the browser would refuse to submit "example.com" (no scheme).
        type="text"
        inputMode="url"
        aria-label="Link address"
        placeholder="Paste or type a link…"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            event.preventDefault();
            event.stopPropagation();
            onDone(null);
          }
        }}
        onBlur={() => onDone(null)}
      />
    </form>
  );
}

/** An address as typed: `example.com` gets its https://; mail addresses their mailto:. */
function normalisedHref(typed: string): string {
  const href = typed.trim();
  if (!href || /^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith("/")) return href;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(href)) return `mailto:${href}`;
  return `https://${href}`;
}
