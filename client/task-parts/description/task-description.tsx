import { useCallback, useEffect, useId, useMemo, useState } from "react";
import type { Member, Task } from "../../../shared/entities.ts";
import { showError } from "../../lib/api-errors.ts";
import { afterNextPaint } from "../../platform/browser/after-paint.ts";
import { TaskReferencesContext, useReferencesBesides } from "../../lib/task-references.ts";
import { useSync } from "../../platform/sync/replicache-provider.tsx";
import type { Rep } from "../../platform/sync/create-replicache.ts";
import { useDescriptionState, watchDescriptionState } from "../../platform/sync/store-hooks.ts";
import { Markdown } from "../../ui/markdown.tsx";
import { fileMarkdown, useAddFiles, useAttachmentImages } from "../../platform/use-attachments.ts";
import { setPresenceCursor } from "../../platform/presence/presence-reporter.ts";
import { onRelayedEdit, relayDescriptionEdit } from "../../platform/presence/description-relay.ts";
import { usePresenceCursors } from "../../platform/presence/presence-store.ts";
import type { DescriptionCursors } from "./description-cursors.ts";
import type { DescriptionEditor } from "./description-editor.tsx";
import type { DescriptionSession } from "./description-session.ts";
import { loadDescriptionDoc } from "../../../shared/mutators/store-reads.ts";

const PLACEHOLDER = "Add a description… Type / for blocks, @ to mention someone.";

type TaskDescriptionProps = {
  task: Task;
  canEdit: boolean;
  /** The workspace's members: who can be @mentioned, and mentions' names now. */
  members: readonly Member[];
};

/**
 * The description in rich text, edited in place and together: the editor changes the task's Yjs
 * document (description-session.ts), each keystroke a mutation merged on the server with
 * everyone else's. Someone who may not edit reads it drawn from its markdown, as it is drawn
 * while the editor's code is on its way.
 */
export function TaskDescription({ task, canEdit, members }: TaskDescriptionProps) {
  const { rep } = useSync();
  const people = useMemo(() => new Map(members.map((m) => [m.id, m.name || m.email])), [members]);
  const fieldId = useId();
  const collab = useCollaboration(canEdit);
  // Here before the first edit is made, so that no replay of one waits for it (shared/mutators/).
  useEffect(() => {
    if (canEdit) void loadDescriptionDoc();
  }, [canEdit]);
  const stored = useDescriptionState(task.id);
  const send = useCallback(
    (update: string) => {
      // To the others on the task at once; the mutation below is what keeps it. It merges the
      // whole document, so it runs after the frame that shows the key (edits keep their order).
      relayDescriptionEdit(task.workspaceId, task.id, update);
      const updatedAt = new Date().toISOString();
      afterNextPaint(() => {
        rep.mutate
          .editDescription({ id: task.id, projectId: task.projectId, update, updatedAt })
          .catch((error: unknown) => showError(error, "The description could not be saved"));
      });
    },
    [rep, task.workspaceId, task.id, task.projectId],
  );
  const session = useSession(canEdit ? collab : null, stored, task.description, send);
  useMergedWithStore(rep, task.id, session);
  // The others' keystrokes, relayed at once, ahead of the pull that brings them again.
  useEffect(() => {
    if (session) return onRelayedEdit(task.id, (update) => session.applyRelayed(update));
  }, [task.id, session]);
  const cursors = useCursors(task);
  const references = useReferencesBesides(task.id);
  const attachmentImage = useAttachmentImages(task.id);
  const addFiles = useAddFiles(task.id);
  const onFiles = useCallback(
    async (files: File[]) => (await addFiles(files)).map(fileMarkdown),
    [addFiles],
  );

  return (
    <TaskReferencesContext.Provider value={references}>
      <section className="task-description" aria-label="Description">
        <div className="task-section-header">
          <h2 id={`${fieldId}-heading`}>Description</h2>
        </div>
        {canEdit && collab && session ? (
          <collab.DescriptionEditor
            session={session}
            labelledBy={`${fieldId}-heading`}
            placeholderText={PLACEHOLDER}
            members={members}
            cursors={cursors}
            onFiles={onFiles}
            attachmentImage={attachmentImage}
          />
        ) : (
          // Read only, or the editor's code on its way (a moment, from the cache when offline).
          <div
            className={canEdit ? "task-description-loading" : undefined}
            aria-busy={canEdit || undefined}
          >
            <Markdown
              text={task.description}
              placeholder={canEdit ? PLACEHOLDER : "No description."}
              people={people}
              attachmentImage={attachmentImage}
            />
          </div>
        )}
      </section>
    </TaskReferencesContext.Provider>
  );
}

type Collaboration = {
  DescriptionSession: typeof DescriptionSession;
  DescriptionEditor: typeof DescriptionEditor;
};

/** Yjs and the editor, loaded with the task page of someone who may edit, not with the app. */
function useCollaboration(enabled: boolean): Collaboration | null {
  const [collaboration, setCollaboration] = useState<Collaboration | null>(null);
  useEffect(() => {
    if (!enabled || collaboration) return;
    let current = true;
    Promise.all([import("./description-session.ts"), import("./description-editor.tsx")]).then(
      ([session, editor]) => {
        if (current) {
          setCollaboration({
            DescriptionSession: session.DescriptionSession,
            DescriptionEditor: editor.DescriptionEditor,
          });
        }
      },
      (error: unknown) => showError(error, "The description editor could not be loaded"),
    );
    return () => {
      current = false;
    };
  }, [enabled, collaboration]);
  return collaboration;
}

/**
 * The page's copy of the description's document, once the code and the store have answered
 * (and only for someone who may edit).
 * It starts again only while the store has no document and the person has not typed, if the
 * markdown changes under it (someone replaced it whole): its seed must be that of the markdown
 * the server will seed from.
 */
function useSession(
  collaboration: Collaboration | null,
  stored: string | null | undefined,
  markdown: string,
  send: (update: string) => void,
): DescriptionSession | null {
  const [session, setSession] = useState<DescriptionSession | null>(null);
  useEffect(() => {
    if (!collaboration) {
      // No longer allowed to edit: what this copy held that the server refused goes with it.
      if (session) setSession(null);
      return;
    }
    if (stored === undefined) return;
    if (session && !(stored === null && !session.edited && session.seededFrom !== markdown)) return;
    setSession(new collaboration.DescriptionSession({ state: stored, markdown, send }));
  }, [collaboration, stored, markdown, send, session]);
  useEffect(() => () => session?.destroy(), [session]);
  return session;
}

/** The others' cursors in this description, and this person's, through presence. */
function useCursors(task: Task): DescriptionCursors {
  const others = usePresenceCursors(task.workspaceId, task.id);
  return useMemo(
    () => ({ others, publish: (cursor: string | null) => setPresenceCursor(task.id, cursor) }),
    [others, task.id],
  );
}

/** Merges into the session what the store holds, as soon as the store changes. */
function useMergedWithStore(rep: Rep, taskId: string, session: DescriptionSession | null) {
  useEffect(() => {
    if (!session) return;
    return watchDescriptionState(rep, taskId, (state) => session.applyStored(state));
  }, [rep, taskId, session]);
}
