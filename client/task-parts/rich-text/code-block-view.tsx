import {
  NodeViewContent,
  NodeViewWrapper,
  ReactNodeViewRenderer,
  type ReactNodeViewProps,
} from "@tiptap/react";
import { CODE_LANGUAGES, codeLanguageName, knownCodeLanguage } from "../../lib/code-languages.ts";
import { Select } from "../../ui/select.tsx";

/** The picker's value for no language (the list's first, "Plain text"). */
const PLAIN = "plain";

/**
 * A code block in the editor, with its language in a picker at its top right (what ` ```ts `
 * sets as one types): markdown writes it after the fence, and the text shown read-only names it.
 */
function CodeBlockView({ node, updateAttributes, editor }: ReactNodeViewProps) {
  const language = String(node.attrs.language ?? "");
  // `ts` shows as TypeScript; a name not listed stays, as written, until another is chosen.
  const known = knownCodeLanguage(language);
  const value = known === undefined ? language : known || PLAIN;
  const options = [
    ...CODE_LANGUAGES.map((option) => ({ value: option.id || PLAIN, label: option.name })),
    ...(known === undefined ? [{ value: language, label: codeLanguageName(language) }] : []),
  ];
  return (
    <NodeViewWrapper className="rich-code-block">
      <div className="rich-code-language" contentEditable={false}>
        <Select
          size="sm"
          aria-label="Code language"
          value={value}
          options={options}
          disabled={!editor.isEditable}
          onValueChange={(chosen) =>
            updateAttributes({ language: chosen === PLAIN ? null : chosen })
          }
        />
      </div>
      <pre>
        <NodeViewContent<"code"> as="code" />
      </pre>
    </NodeViewWrapper>
  );
}

/** The node view of code blocks in every editor. */
export const codeBlockNodeView = ReactNodeViewRenderer(CodeBlockView);
