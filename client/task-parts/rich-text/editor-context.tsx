import { createContext, useMemo, type ReactNode } from "react";
import type { Member } from "../../../shared/entities.ts";
import type { AttachmentImage } from "../../lib/markdown-view.ts";

/** How the task's attachments' images show: a local copy while uploading, then the stored file. */
export const AttachmentImages = createContext<AttachmentImage | undefined>(undefined);

/** People's names now, by user id: a mention chip shows the name its person has today. */
export const MemberNames = createContext<ReadonlyMap<string, string>>(new Map());

type EditorContextProps = {
  members: readonly Member[];
  attachmentImage?: AttachmentImage;
  children: ReactNode;
};

/** What the editor's node views (images, mentions) read, around its `EditorContent`. */
export function EditorContext({ members, attachmentImage, children }: EditorContextProps) {
  const names = useMemo(
    () => new Map(members.map((member) => [member.id, member.name || member.email])),
    [members],
  );
  return (
    <MemberNames.Provider value={names}>
      <AttachmentImages.Provider value={attachmentImage}>{children}</AttachmentImages.Provider>
    </MemberNames.Provider>
  );
}
