/**
 * A worker thread of description-merges.ts: merges one description at a time with
 * shared/description-doc.ts and answers with the document, a refusal or a failure.
 *
 * It keeps the documents it merged last, loaded. Loading is most of a merge's time (a third of
 * a second for 50,000 items, against a few milliseconds to merge an edit into a loaded one and
 * a few dozen to encode it), and a person typing sends one edit after another to the same
 * document. A kept document is used only when the state the push read from the database is
 * byte for byte the one it encodes to: after a rollback, or a merge by another worker or
 * server, it is not, and the stored state is loaded as before. So the database stays the one
 * truth, and a kept document never changes what a merge gives.
 */
import { parentPort } from "node:worker_threads";
import type * as Y from "yjs";
import {
  describeDocument,
  fromBase64,
  InvalidDescription,
  loadDescription,
  mergeUpdateInto,
  replaceTextIn,
  type MergedDescription,
} from "../../shared/description-doc.ts";
import type {
  MergeJob,
  MergeReply,
  SavedDescription,
  StoredDescription,
} from "./description-merges.ts";

/** Documents kept per worker: at the limits some 10 MB of memory each, most far less. */
const KEPT_DOCUMENTS = 8;

/** By task id, the least recently merged first; `state`: what the document encodes to, base64. */
const kept = new Map<string, { doc: Y.Doc; state: string }>();

const port = parentPort;
if (!port) throw new Error("description-merge-worker.ts runs as a worker thread");

port.on("message", ({ id, job }: { id: number; job: MergeJob }) => {
  let reply: MergeReply;
  try {
    reply = { id, merged: merge(job) };
  } catch (error) {
    reply =
      error instanceof InvalidDescription
        ? { id, refused: error.message }
        : { id, failed: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});

function merge(job: MergeJob): SavedDescription | null {
  const { base } = job;
  const doc = keptDocument(job.taskId, base) ?? loadStored(base);
  let merged: MergedDescription | null;
  try {
    merged =
      job.kind === "text"
        ? replaceTextIn(doc, job.text)
        : mergeUpdateInto(doc, fromBase64(job.update), base.markdown);
    // Nothing added to a stored state: nothing to encode, write or send.
    if (!merged && base.state !== null) {
      keep(job.taskId, doc, base.state);
      return null;
    }
    merged ??= describeDocument(doc);
  } catch (error) {
    // A refused result stays in the document: it is not kept.
    doc.destroy();
    throw error;
  }
  const saved = { state: base64(merged.state), text: merged.text };
  keep(job.taskId, doc, saved.state);
  return job.kind === "update" && saved.state === base.state ? null : saved;
}

function loadStored(base: StoredDescription): Y.Doc {
  return loadDescription({
    markdown: base.markdown,
    state: base.state === null ? null : Buffer.from(base.state, "base64"),
  });
}

/** The kept document of the task if it holds exactly the base (taken out of the kept ones). */
function keptDocument(taskId: string, base: StoredDescription): Y.Doc | null {
  const entry = kept.get(taskId);
  if (!entry) return null;
  kept.delete(taskId);
  if (entry.state === base.state) return entry.doc;
  entry.doc.destroy();
  return null;
}

function keep(taskId: string, doc: Y.Doc, state: string) {
  kept.set(taskId, { doc, state });
  for (const [oldest, entry] of kept) {
    if (kept.size <= KEPT_DOCUMENTS) break;
    kept.delete(oldest);
    entry.doc.destroy();
  }
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}
