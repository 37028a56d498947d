import { nanoid } from "nanoid";
import { useEffect, useMemo, useState } from "react";
import type { Comment, Member, Reaction, Task } from "../../shared/entities.ts";
import { CommentField } from "./comment-field.tsx";
import { CommentReactions, ReactionPicker } from "./comment-reactions.tsx";
import { canDeleteComment, canEditComment, canPerform } from "../../shared/sync-permissions.ts";
import { showError } from "../lib/api-errors.ts";
import { TaskReferencesContext, useReferencesBesides } from "../lib/task-references.ts";
import { stoppedTyping, typingComment } from "../platform/presence/presence-reporter.ts";
import { useTaskPresence } from "../platform/presence/presence-store.ts";
import { useSync } from "../platform/sync/replicache-provider.tsx";
import { useComments, useReactions } from "../platform/sync/store-hooks.ts";
import { Markdown } from "../ui/markdown.tsx";
import { readCommentDraft, writeCommentDraft } from "./comment-drafts.ts";
import { useMediaQuery } from "../platform/browser/use-media-query.ts";
import { modKeyLabel } from "../platform/shortcuts/use-shortcuts.ts";
import { relativeTime } from "../lib/relative-time.ts";
import type { AttachmentImage } from "../lib/markdown-view.ts";
import { fileMarkdown, useAddFiles, useAttachmentImages } from "../platform/use-attachments.ts";
import type { NameOf } from "../lib/activity-text.ts";
import "../styles/task-history.css";
import { Button } from "../ui/button.tsx";

type TaskCommentsProps = {
  task: Task;
  userId: string;
  role: string;
  nameOf: NameOf;
  /** The workspace's members: who can be @mentioned, and mentions' names now. */
  members: readonly Member[];
  /**
   * Offline, on a task whose history this browser never loaded: the comments shown are only
   * those written here meanwhile (no "No comments yet"), and new ones can still be written.
   */
  historyMissing?: boolean;
};

/**
 * The discussion of a task: anyone adds; authors edit their own; owner and admin delete any;
 * whoever may comment reacts.
 */
export function TaskComments(props: TaskCommentsProps) {
  const { task, userId, role, nameOf, members, historyMissing } = props;
  const comments = useComments(task.id);
  const reactions = useReactions(task.id);
  const reactionsByComment = useMemo(() => byComment(reactions), [reactions]);
  const people = useMemo(() => new Map(members.map((m) => [m.id, m.name || m.email])), [members]);
  const attachmentImage = useAttachmentImages(task.id);
  const references = useReferencesBesides(task.id);
  return (
    <TaskReferencesContext.Provider value={references}>
      <section className="task-comments" aria-labelledby="task-comments-heading">
        <h2 id="task-comments-heading">Comments</h2>
        {comments?.length === 0 && !historyMissing && (
          <p className="muted">No comments yet. Ask a question or share an update below.</p>
        )}
        {comments !== undefined && comments.length > 0 && (
          <ol className="comment-list" aria-label="Comments">
            {comments.map((comment) => (
              <CommentItem
                key={comment.id}
                comment={comment}
                author={comment.authorId ? nameOf(comment.authorId) : "A deleted account"}
                canEdit={canEditComment(userId, comment.authorId)}
                canDelete={canDeleteComment(role, userId, comment.authorId)}
                reactions={reactionsByComment.get(comment.id) ?? noReactions}
                userId={userId}
                canReact={canPerform(role, "comment.react")}
                nameOf={nameOf}
                members={members}
                people={people}
                attachmentImage={attachmentImage}
              />
            ))}
          </ol>
        )}
        <NewComment key={`${userId}/${task.id}`} task={task} members={members} userId={userId} />
      </section>
    </TaskReferencesContext.Provider>
  );
}

const noReactions: readonly Reaction[] = [];

function byComment(reactions: readonly Reaction[]): Map<string, Reaction[]> {
  const grouped = new Map<string, Reaction[]>();
  for (const reaction of reactions) {
    const list = grouped.get(reaction.commentId) ?? [];
    list.push(reaction);
    grouped.set(reaction.commentId, list);
  }
  return grouped;
}

type NewCommentProps = { task: Task; members: readonly Member[]; userId: string };

function NewComment({ task, members, userId }: NewCommentProps) {
  const { rep } = useSync();
  const taskId = task.id;
  // The box is drawn anew for each task (its key), so the draft is read once per task.
  const [body, setBody] = useState(() => readCommentDraft(localStorage, userId, taskId));
  useEffect(() => writeCommentDraft(localStorage, userId, taskId, body), [userId, taskId, body]);
  const addFiles = useAddFiles(taskId);
  const attachmentImage = useAttachmentImages(taskId);
  // The send shortcut of this keyboard; a phone sends with the Comment button.
  const touch = useMediaQuery("(pointer: coarse)");
  const placeholder = touch
    ? "Leave a comment… @ to mention someone"
    : `Leave a comment… @ to mention someone (${modKeyLabel}+Enter to send)`;

  /** Images and files pasted or dropped into the box: attached, and shown where they landed. */
  const takeFiles = (files: File[]) => addFiles(files).then((added) => added.map(fileMarkdown));

  const submit = () => {
    const text = body.trim();
    if (!text) return;
    stoppedTyping(taskId);
    setBody("");
    rep.mutate
      .addComment({ id: nanoid(), taskId, body: text, createdAt: new Date().toISOString() })
      .catch((error: unknown) => {
        setBody(text);
        showError(error, "The comment could not be added");
      });
  };

  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <CommentField
        members={members}
        aria-label="New comment"
        placeholder={placeholder}
        value={body}
        onValueChange={(value) => {
          setBody(value);
          // The others see "typing a comment…" while there are keys, and not for an emptied box.
          if (value.trim()) typingComment(taskId);
          else stoppedTyping(taskId);
        }}
        onBlur={() => stoppedTyping(taskId)}
        onFiles={takeFiles}
        attachmentImage={attachmentImage}
        onSubmit={submit}
      />
      <div className="form-actions comment-form-actions">
        <TypingNotice workspaceId={task.workspaceId} taskId={taskId} />
        <Button type="submit" variant="primary" size="lg" disabled={!body.trim()}>
          Comment
        </Button>
      </div>
    </form>
  );
}

/** "Ada is typing a comment…", "Ada and Grace are typing…": the others in this task's box. */
function TypingNotice({ workspaceId, taskId }: { workspaceId: string; taskId: string }) {
  const names = useTaskPresence(workspaceId, taskId)
    .filter((person) => person.typing === "comment")
    .map((person) => person.name || "Someone");
  return (
    <p className="comment-typing" role="status">
      {typingText(names)}
    </p>
  );
}

function typingText(names: readonly string[]): string {
  const [first, second, third] = names;
  if (first === undefined) return "";
  if (second === undefined) return `${first} is typing a comment…`;
  if (third === undefined) return `${first} and ${second} are typing…`;
  if (names.length === 3) return `${first}, ${second} and ${third} are typing…`;
  return `${first}, ${second} and ${names.length - 2} others are typing…`;
}

type CommentItemProps = {
  comment: Comment;
  author: string;
  canEdit: boolean;
  canDelete: boolean;
  reactions: readonly Reaction[];
  userId: string;
  canReact: boolean;
  nameOf: NameOf;
  members: readonly Member[];
  people: ReadonlyMap<string, string>;
  attachmentImage: AttachmentImage;
};

function CommentItem(props: CommentItemProps) {
  const { comment, author, canEdit, canDelete, members, people, attachmentImage } = props;
  const { reactions, userId, canReact, nameOf } = props;
  const { rep } = useSync();
  const [editing, setEditing] = useState<string | null>(null);

  const save = () => {
    const body = editing?.trim();
    setEditing(null);
    if (!body || body === comment.body) return;
    rep.mutate
      .updateComment({
        id: comment.id,
        taskId: comment.taskId,
        body,
        updatedAt: new Date().toISOString(),
      })
      .catch((error: unknown) => showError(error, "The comment could not be saved"));
  };

  const remove = () =>
    rep.mutate
      .deleteComment({ id: comment.id, taskId: comment.taskId })
      .catch((error: unknown) => showError(error, "The comment could not be deleted"));

  return (
    <li className="comment" aria-label={`Comment by ${author}`}>
      <div className="comment-meta">
        <strong>{author}</strong>
        <time dateTime={comment.createdAt} title={new Date(comment.createdAt).toLocaleString()}>
          {relativeTime(comment.createdAt)}
        </time>
        {comment.updatedAt !== comment.createdAt && <span className="muted">(edited)</span>}
        <span className="comment-actions">
          {canReact && editing === null && (
            <ReactionPicker comment={comment} reactions={reactions} userId={userId} />
          )}
          {canEdit && editing === null && (
            <button type="button" className="link-button" onClick={() => setEditing(comment.body)}>
              Edit
            </button>
          )}
          {canDelete && (
            <button type="button" className="link-button" onClick={() => void remove()}>
              Delete
            </button>
          )}
        </span>
      </div>
      {editing === null ? (
        <>
          <div className="comment-body">
            <Markdown text={comment.body} people={people} attachmentImage={attachmentImage} />
          </div>
          <CommentReactions
            comment={comment}
            reactions={reactions}
            userId={userId}
            nameOf={nameOf}
            canReact={canReact}
          />
        </>
      ) : (
        <form
          className="comment-form"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <CommentField
            members={members}
            aria-label="Edit comment"
            autoFocus
            value={editing}
            onValueChange={setEditing}
            onSubmit={save}
            // Handled: a peek around the box stays open (features/project/peek/task-peek.tsx).
            onEscape={() => setEditing(null)}
          />
          <div className="form-actions">
            <Button size="lg" onClick={() => setEditing(null)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" size="lg">
              Save
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
