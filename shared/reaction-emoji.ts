/**
 * What a reaction may be: one emoji as a person sees it (one grapheme), skin tones, ZWJ
 * sequences ("👩‍🚀"), flags and keycaps included; never text, two emoji or an empty string.
 * Both sides check it: the mutator's schema at the caller, the push at the server.
 */
import { z } from "zod";

/** Stored in Postgres and in the key; the longest ZWJ family with skin tones fits. */
export const MAX_EMOJI_LENGTH = 32;

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const pictograph = /\p{Extended_Pictographic}|\p{Emoji_Presentation}/u;
// Pictographs and what joins or modifies them: ZWJ, the emoji variation selector, skin tones,
// and the tag characters of subdivision flags ("🏴󠁧󠁢󠁳󠁣󠁴󠁿").
const emojiParts =
  /^(?:\p{Extended_Pictographic}|\p{Emoji_Presentation}|\p{Emoji_Modifier}|\u200D|\uFE0F|[\u{E0020}-\u{E007F}])+$/u;
const flag = /^\p{Regional_Indicator}{2}$/u;
const keycap = /^[0-9#*]\uFE0F?\u20E3$/u;

export function isSingleEmoji(text: string): boolean {
  if (text.length === 0 || text.length > MAX_EMOJI_LENGTH) return false;
  let count = 0;
  for (const _ of graphemes.segment(text)) if (++count > 1) return false;
  if (flag.test(text) || keycap.test(text)) return true;
  return pictograph.test(text) && emojiParts.test(text);
}

/** A reaction's emoji as the mutators take it; refused in words: "the emoji is not one emoji". */
export const reactionEmojiSchema = z
  .string()
  .refine(isSingleEmoji, { params: { expected: "one emoji" } });
