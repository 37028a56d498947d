/**
 * The subject and body of a mail. Every value a mail quotes (a person's name, a workspace's
 * name, a task's title, a comment's excerpt, an address) comes from people: a line break in it
 * would start a line of the mail of its own, where a crafted name could pose as a header
 * ("Bcc: …") or as a link the server never wrote. So each is folded to one line; the lines the
 * mail's own text breaks stay.
 */

/** Line breaks, tabs, other C0 and C1 controls and any whitespace around them. */
const BREAKING = /[\s\p{Cc}]+/gu;

/** The value on one line: each run of controls and whitespace one space, the ends trimmed. */
export const oneLine = (value: string) => value.replace(BREAKING, " ").trim();

/** A template of a mail's text whose interpolated values are each folded to one line. */
export function mailText(template: TemplateStringsArray, ...values: (string | number)[]): string {
  return values.reduce<string>(
    (text, value, i) => text + oneLine(String(value)) + (template[i + 1] ?? ""),
    template[0] ?? "",
  );
}
