import { foldText } from "../../lib/search-text.ts";
import { scopedWord, type SearchDocument } from "./search-documents.ts";

type Rankable = Pick<
  SearchDocument,
  "id" | "workspaceId" | "key" | "words" | "titleWords" | "updatedAt"
>;

/**
 * How well a document answers the query words it already matches: its own key first, then
 * whole words of the title, then title prefixes, then whole words of the text, then prefixes.
 */
function rankDocument(document: Rankable, words: readonly string[]): number {
  const key = foldText(document.key);
  let rank = 0;
  for (const word of words) {
    const scoped = scopedWord(document.workspaceId, word);
    if (key !== "" && key === word) rank += 16;
    else if (document.titleWords.includes(scoped)) rank += 8;
    else if (document.titleWords.some((titleWord) => titleWord.startsWith(scoped))) rank += 4;
    else if (document.words.includes(scoped)) rank += 2;
    else rank += 1;
  }
  return rank;
}

/** Best first; equally good results newest first, then in a stable order. */
export function rankDocuments<D extends Rankable>(
  documents: readonly D[],
  words: readonly string[],
): D[] {
  return documents
    .map((document) => ({ document, rank: rankDocument(document, words) }))
    .sort(
      (a, b) =>
        b.rank - a.rank ||
        compareText(b.document.updatedAt, a.document.updatedAt) ||
        compareText(a.document.id, b.document.id),
    )
    .map(({ document }) => document);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
