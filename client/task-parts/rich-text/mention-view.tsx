import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from "@tiptap/react";
import { useContext } from "react";
import { MemberNames } from "./editor-context.tsx";

/**
 * A mention in the editor: a chip with the person's name as it is now (someone renamed since is
 * shown by their new name; the markdown keeps the name it was written with until the next save).
 */
function MentionView({ node }: ReactNodeViewProps) {
  const names = useContext(MemberNames);
  const id = String(node.attrs.id ?? "");
  const name = names.get(id) ?? String(node.attrs.label ?? "");
  return (
    <NodeViewWrapper as="span" className="markdown-mention" data-type="mention" data-id={id}>
      @{name}
    </NodeViewWrapper>
  );
}

/** The node view of mentions in every editor. */
export const mentionNodeView = ReactNodeViewRenderer(MentionView, { as: "span" });
