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
 * the person's own (a click takes theirs back, or adds it), naming who reacted; and the picker of
 * frequent emoji. The mutators change the store at once, so this works offline as well.
 */
export function CommentReactions(props: CommentReactionsProps) {
  const { comment, reactions, userId, nameOf, canReact } = props;
  const { rep } = useSync();
  const pills = byEmoji(reactions);
  if (pills.length === 0 && !canReact) return null;

  const toggle = (emoji: string, mine: boolean) => {
    const args = { commentId: comment.id, taskId: comment.taskId, emoji };
    const change = mine
      ? rep.mutate.removeReaction(args)
      : rep.mutate.addReaction({ ...args, createdAt: new Date().toISOString() });
    change.catch((error: unknown) => showError(error, "The reaction could not be saved"));
  };
  const isMine = (emoji: string) =>
    pills.some((pill) => pill.emoji === emoji && pill.userIds.includes(userId));

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
      {canReact && (
        <Menu orientation="horizontal">
          <MenuTrigger
            render={<Button variant="ghost" size="sm" data-icon-only="" />}
            className="reaction-add"
            aria-label="Add reaction"
            title="Add reaction"
          >
            <SmilePlus aria-hidden />
          </MenuTrigger>
          <MenuContent aria-label="Pick a reaction" side="top" className="reaction-picker">
            {frequentEmoji.map(({ emoji, name }) => {
              const mine = isMine(emoji);
              return (
                <MenuCheckboxItem
                  key={emoji}
                  aria-label={name}
                  title={name}
                  checked={mine}
                  closeOnClick
                  onCheckedChange={() => toggle(emoji, mine)}
                >
                  {emoji}
                </MenuCheckboxItem>
              );
            })}
          </MenuContent>
        </Menu>
      )}
    </div>
  );
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
