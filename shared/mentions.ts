/**
 * @mentions in comments and task descriptions. The stored form is readable markdown:
 *
 *     @[Ada Lovelace](user:USER_ID)
 *
 * an `@` followed by a markdown link whose text is the person's name when it was written and
 * whose target is `user:` and their user id. A renderer that knows nothing of mentions shows
 * "@" and the name; ours shows a chip. In the name, `\`, `[` and `]` are escaped with `\`.
 * Only members of the task's workspace count: the server ignores any other id (a mention of
 * someone removed since stays text and notifies no one).
 */

/** A mention's pattern: its name (escaped) in group 1, the user id in group 2. */
export const MENTION_SOURCE = String.raw`@\[((?:[^\]\\\n]|\\.){1,200})\]\(user:([A-Za-z0-9_-]{1,64})\)`;

const MENTION = new RegExp(MENTION_SOURCE, "g");

/** A name as a mention writes it, without its escapes. */
export const unescapeMentionName = (name: string) => name.replace(/\\(.)/g, "$1");

type Mention = { userId: string; name: string; index: number; length: number };

/** The markdown of a mention of this person. */
export function mentionMarkdown(name: string, userId: string): string {
  const text = name.replace(/[\\[\]]/g, (c) => `\\${c}`).replace(/\n/g, " ") || "someone";
  return `@[${text}](user:${userId})`;
}

/** Every mention in the text, in order. */
export function findMentions(markdown: string): Mention[] {
  return [...markdown.matchAll(MENTION)].map((match) => ({
    userId: match[2] ?? "",
    name: unescapeMentionName(match[1] ?? ""),
    index: match.index,
    length: match[0].length,
  }));
}

/** The ids mentioned, each once, in order of first mention. */
export function mentionedUserIds(markdown: string): string[] {
  return [...new Set(findMentions(markdown).map((mention) => mention.userId))];
}
