import { SmilePlus } from "lucide-react";
import type { Comment, Reaction } from "../../shared/entities.ts";
import type { NameOf } from "../lib/activity-text.ts";
import { showError } from "../lib/api-errors.ts";
import { useSync } from "../platform/sync/replicache-provider.tsx";
import { Button } from "../ui/button.tsx";
import { Menu, MenuCheckboxItem, MenuContent, MenuTrigger } from "../ui/menu.tsx";
import { Tooltip } from "../ui/tooltip.tsx";
import "../styles/comment-reactions.css";

/** The picker's emoji, with the names a screen reader reads them by. */
const frequentEmoji = [
  { emoji: "👍", name: "Thumbs up" },
  { emoji: "👎", name: "Thumbs down" },
  { emoji: "😄", name: "Laugh" },
  { emoji: "🎉", name: "Hooray" },
  { emoji: "😕", name: "Confused" },
  { emoji: "❤️", name: "Heart" },
  { emoji: "🚀", name: "Rocket" },
  { emoji: "👀", name: "Eyes" },
] as const;

type CommentReactionsProps = {
  comment: Pick<Comment, "id" | "taskId">;
  /** This comment's reactions, oldest first. */
  reactions: readonly Reaction[];
  userId: string;
  nameOf: NameOf;
  /** Whether the person's role may react (whoever may comment). */
  canReact: boolean;
};

/**
 * The reactions under a comment: one pill per emoji with its count, pressed when one of them is
 * the person's own (a click takes theirs back, or adds it), naming who reacted. Nothing while the
 * comment has none; the picker is in the comment's header, where it stays as reactions come and
 * go (the focus with it).
 */
export function CommentReactions(props: CommentReactionsProps) {
  const { comment, reactions, userId, nameOf, canReact } = props;
  const toggle = useToggleReaction(comment);
  const pills = byEmoji(reactions);
  if (pills.length === 0) return null;
  return (
    <div className="comment-reactions" role="group" aria-label="Reactions">
      {pills.map(({ emoji, userIds }) => {
        const mine = userIds.includes(userId);
        const names = userIds.map(nameOf).join(", ");
        return (
          <Tooltip key={emoji} label={`${names} reacted with ${emoji}`} side="top">
            <button
              type="button"
              className="reaction-pill"
              aria-pressed={mine}
              aria-label={`${emoji} ${userIds.length}: ${names}`}
              disabled={!canReact}
              onClick={() => toggle(emoji, mine)}
            >
              <span className="reaction-emoji" aria-hidden>
                {emoji}
              </span>
              <span className="reaction-count" aria-hidden>
                {userIds.length}
              </span>
            </button>
          </Tooltip>
        );
      })}
    </div>
  );
}

type ReactionPickerProps = Pick<CommentReactionsProps, "comment" | "reactions" | "userId">;

/**
 * The smiley button and its row of frequent emoji, the person's own checked: picking one adds
 * it, or takes it back. A menu, so the arrows move along the row, Enter picks and Esc closes.
 */
export function ReactionPicker({ comment, reactions, userId }: ReactionPickerProps) {
  const toggle = useToggleReaction(comment);
  const mine = new Set(
    reactions.filter((reaction) => reaction.userId === userId).map((reaction) => reaction.emoji),
  );
  return (
    <Menu orientation="horizontal">
      <MenuTrigger
        render={<Button variant="ghost" size="sm" data-icon-only="" />}
        className="reaction-add"
        aria-label="Add reaction"
        title="Add reaction"
      >
        <SmilePlus aria-hidden />
      </MenuTrigger>
      <MenuContent aria-label="Pick a reaction" align="end" className="reaction-picker">
        {frequentEmoji.map(({ emoji, name }) => (
          <MenuCheckboxItem
            key={emoji}
            aria-label={name}
            title={name}
            checked={mine.has(emoji)}
            closeOnClick
            onCheckedChange={() => toggle(emoji, mine.has(emoji))}
          >
            {emoji}
          </MenuCheckboxItem>
        ))}
      </MenuContent>
    </Menu>
  );
}

/** Adds the person's emoji to the comment, or takes it back; offline too (the push waits). */
function useToggleReaction(comment: CommentReactionsProps["comment"]) {
  const { rep } = useSync();
  return (emoji: string, mine: boolean) => {
    const args = { commentId: comment.id, taskId: comment.taskId, emoji };
    const change = mine
      ? rep.mutate.removeReaction(args)
      : rep.mutate.addReaction({ ...args, createdAt: new Date().toISOString() });
    change.catch((error: unknown) => showError(error, "The reaction could not be saved"));
  };
}

type Pill = { emoji: string; userIds: string[] };

/** One pill per emoji, in the order each emoji was first used, its people in theirs. */
function byEmoji(reactions: readonly Reaction[]): Pill[] {
  const pills = new Map<string, Pill>();
  for (const { emoji, userId } of reactions) {
    const pill = pills.get(emoji) ?? { emoji, userIds: [] };
    pill.userIds.push(userId);
    pills.set(emoji, pill);
  }
  return [...pills.values()];
}
