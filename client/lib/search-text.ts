/**
 * How text becomes searchable words, and how a query's words are found again in a text to
 * highlight them. Both sides fold the same way (lower case, accents removed), so "Résumé",
 * "resume" and "RESUME" are one word, and a query word matches any word it begins.
 */

/** Longer words are cut here: a query word matches by prefix, so nothing is lost. */
const MAX_WORD_LENGTH = 40;
/** A 100,000-character description still costs a bounded number of index entries. */
const MAX_WORDS_PER_TEXT = 2_000;

const WORD = /[\p{L}\p{N}]+/gu;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** A task key as people write it (`WEB-12`), kept whole so a query `web-12` finds it. */
const TASK_KEY = /^[a-z][a-z0-9]{1,7}-[0-9]+$/;
const TASK_KEYS_IN_TEXT = /(?<![\p{L}\p{N}])[a-z][a-z0-9]{1,7}-[0-9]+/gu;

const NOT_PLAIN_ASCII = /[^\t\n\r -~]/;

export function foldText(text: string): string {
  // Most text is plain ASCII: skip the costly decomposition for it.
  if (!NOT_PLAIN_ASCII.test(text)) return text.toLowerCase();
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The distinct folded words of some texts, task keys kept whole as well as split. */
export function textWords(...texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    const folded = foldText(text);
    for (const [word] of folded.matchAll(WORD)) {
      if (words.size >= MAX_WORDS_PER_TEXT) return [...words];
      words.add(word.slice(0, MAX_WORD_LENGTH));
    }
    for (const [key] of folded.matchAll(TASK_KEYS_IN_TEXT)) words.add(key);
  }
  return [...words];
}

/**
 * The words of a query, each to be matched as a word prefix. A task key (`WEB-12`) stays one
 * word; anything else splits at every character that is not a letter or digit.
 */
export function queryWords(query: string): string[] {
  const words = new Set<string>();
  for (const part of foldText(query).split(/\s+/)) {
    if (TASK_KEY.test(part)) {
      words.add(part);
      continue;
    }
    for (const [word] of part.matchAll(WORD)) words.add(word.slice(0, MAX_WORD_LENGTH));
  }
  return [...words];
}

type TextPart = { text: string; match: boolean };

/**
 * The text cut into parts, `match` where a query word begins a word of the text. Matching
 * runs on the folded text; every folded character remembers where it came from, so the parts
 * keep the original spelling and accents.
 */
export function highlightText(text: string, words: readonly string[]): TextPart[] {
  if (text === "" || words.length === 0) return text === "" ? [] : [{ text, match: false }];
  let folded = "";
  const origins: number[] = [];
  let offset = 0;
  for (const character of text) {
    const foldedCharacter = foldText(character);
    for (let index = 0; index < foldedCharacter.length; index++) origins.push(offset);
    folded += foldedCharacter;
    offset += character.length;
  }
  origins.push(text.length);

  const marked = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    let at = folded.indexOf(word);
    while (at !== -1) {
      const startsWord = at === 0 || !WORD_CHARACTER.test(folded.charAt(at - 1));
      if (startsWord) {
        const start = origins[at] ?? text.length;
        const end = origins[at + word.length] ?? text.length;
        for (let index = start; index < end; index++) marked[index] = true;
      }
      at = folded.indexOf(word, at + 1);
    }
  }

  const parts: TextPart[] = [];
  let start = 0;
  for (let index = 1; index <= text.length; index++) {
    if (index === text.length || marked[index] !== marked[start]) {
      parts.push({ text: text.slice(start, index), match: marked[start] ?? false });
      start = index;
    }
  }
  return parts;
}

/**
 * About `length` characters of a long text around its first match, so a description's hit
 * shows where it is; `…` marks what was cut.
 */
export function snippet(text: string, words: readonly string[], length = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  const folded = foldText(flat);
  const firstMatch = Math.min(
    ...words.map((word) => {
      const at = folded.indexOf(word);
      return at === -1 ? Infinity : at;
    }),
  );
  // Folding can change lengths slightly (rare ligatures); the position is only a guide.
  const around = Number.isFinite(firstMatch) ? Math.min(firstMatch, flat.length) : 0;
  const start = Math.max(0, Math.min(around - Math.floor(length / 3), flat.length - length));
  const wordStart = start === 0 ? 0 : flat.indexOf(" ", start) + 1 || start;
  const end = Math.min(flat.length, wordStart + length);
  return `${wordStart > 0 ? "…" : ""}${flat.slice(wordStart, end).trim()}${end < flat.length ? "…" : ""}`;
}
