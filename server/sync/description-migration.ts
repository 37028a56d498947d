/**
 * Descriptions written before rich text, given their document once (issue 45). A stored
 * document of before holds one Y.Text of markdown; each gets the fragment the editor edits, the
 * seed of that markdown (shared/description-doc.ts `giveFragment`), and is written back marked
 * `rich_text`. The task's markdown is left as it was, character for character: it becomes the
 * document's markdown at the next edit.
 *
 * Run at every start, in the background until done or the server stops, a few documents per
 * transaction: each batch takes the
 * rows it converts with their tasks locked, as a push does before merging, and skips rows
 * another instance holds, so two instances starting at once convert each document once and an
 * edit pushed meanwhile is merged before or after, never lost. A browser loading a document
 * not yet converted gives it the same fragment itself, byte for byte, so nothing waits on this.
 */
import type postgres from "postgres";
import type * as Y from "yjs";
import { describeDocument, loadDescription } from "../../shared/description-doc.ts";
import type { Logger } from "../logger.ts";

/** Documents converted per transaction. */
const BATCH = 20;

/** What a run did: documents converted, and those whose content could not be read. */
export type DescriptionMigration = { converted: number; unreadable: number };

export async function migrateDescriptions(
  sql: postgres.Sql,
  logger: Logger,
  stop?: AbortSignal,
): Promise<DescriptionMigration> {
  const result: DescriptionMigration = { converted: 0, unreadable: 0 };
  while (!stop?.aborted) {
    const batch = await sql.begin(async (tx) => {
      const rows = await tx<{ id: string; markdown: string; state: Uint8Array }[]>`
        select d.id, t.description as markdown, d.state
        from description_doc d join task t on t.id = d.id
        where not d.rich_text
        order by d.id
        limit ${BATCH}
        for update of t, d skip locked`;
      for (const row of rows) {
        const state = convert(row.state, row.markdown);
        if (state === null) result.unreadable++;
        else result.converted++;
        await tx`
          update description_doc set rich_text = true
            ${state === null ? tx`` : tx`, state = ${state}`}
          where id = ${row.id}`;
      }
      return rows.length;
    });
    if (batch < BATCH) break;
  }
  if (result.converted + result.unreadable > 0) {
    logger.info(result, "descriptions given their rich-text document");
  }
  return result;
}

/**
 * The state with its fragment; null for one that cannot be read or breaks a limit (left as it
 * is: its task's markdown is still what everyone reads).
 */
function convert(state: Uint8Array, markdown: string): Uint8Array | null {
  let doc: Y.Doc | undefined;
  try {
    doc = loadDescription({ state, markdown });
    return describeDocument(doc).state;
  } catch {
    // InvalidDescription, or bytes Yjs cannot read: nothing a browser could load either.
    return null;
  } finally {
    doc?.destroy();
  }
}
