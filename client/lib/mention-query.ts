import type { Member } from "../../shared/entities.ts";

/**
 * The `@` autocomplete of every field that takes mentions (comments' textarea, the description's
 * editor): what is being typed after an `@` just before the caret, and who it may name.
 */

/** The text typed after an `@`, and where that `@` is. */
export type MentionQuery = { start: number; text: string };

/** An `@` at the start or after a space or bracket, then up to 30 characters without a space. */
const QUERY = /(?:^|[\s([{])@([^\s@[\]()]{0,30})$/;

const MAX_OPTIONS = 6;

/** The query the text before the caret ends with, if any. */
export function mentionQueryAt(textBeforeCaret: string): MentionQuery | null {
  const match = QUERY.exec(textBeforeCaret);
  if (!match) return null;
  const text = match[1] ?? "";
  return { start: textBeforeCaret.length - text.length - 1, text };
}

/** The members a query names: by a word of their name, their whole name or their email. */
export function membersMatching(members: readonly Member[], text: string): Member[] {
  const needle = text.toLowerCase();
  return members
    .filter(
      (member) =>
        member.name
          .toLowerCase()
          .split(/\s+/)
          .some((word) => word.startsWith(needle)) ||
        member.name.toLowerCase().startsWith(needle) ||
        member.email.toLowerCase().startsWith(needle),
    )
    .slice(0, MAX_OPTIONS);
}
