/**
 * The push's description merges (shared/description-doc.ts), run by worker threads rather than
 * on the event loop. Loading, merging and encoding a document takes time in proportion to its
 * history, up to a few hundred milliseconds at the limits; on the event loop that time was
 * everyone's, each pull of every workspace waiting behind it (issue 43). A worker keeps it to
 * the push that asked, which waits for its answer holding its task's lock, as it held it while
 * merging before.
 *
 * One process-wide pool, as zlib's thread pool is: a core for the event loop and Postgres, the
 * rest (one at least, four at most) for workers, started when the first merge comes and left
 * unreferenced while idle, so they never keep a process alive. Merges wait in order for a free
 * worker. A worker that dies fails the merges it was running (a server fault, answered 5xx and
 * pushed again by the client) and another takes its place.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { InvalidDescription } from "../../shared/description-doc.ts";

/**
 * A description as the push reads and writes it: the markdown, and the document's state in
 * base64 (null while there is none), which only the workers decode (rows/task-rows.ts says why).
 */
export type StoredDescription = { markdown: string; state: string | null };

/** A merged description: its state to store (base64) and the markdown it now holds. */
export type SavedDescription = { state: string; text: string };

/** What a worker is asked: an update to merge (base64, decoded there), or a whole new text. */
export type MergeJob =
  | { kind: "update"; taskId: string; base: StoredDescription; update: string }
  | { kind: "text"; taskId: string; base: StoredDescription; text: string };

/**
 * A worker's answer: the merged description (null: the update adds nothing to the stored
 * state), the message of a refusal (InvalidDescription), or an unexpected failure.
 */
export type MergeReply =
  | { id: number; merged: SavedDescription | null }
  | { id: number; refused: string }
  | { id: number; failed: string };

const WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));

type Waiting = {
  id: number;
  job: MergeJob;
  resolve: (merged: SavedDescription | null) => void;
  reject: (error: Error) => void;
};

/** `lastTaskId`: the task the worker merged last, whose document it is likely to keep. */
type Slot = { worker: Worker; running: Waiting | null; lastTaskId: string | null };

const slots: Slot[] = [];
const queue: Waiting[] = [];
let nextId = 1;

/**
 * The base with the update (base64) merged in, or null when it adds nothing (pushed twice,
 * replayed). Throws InvalidDescription as mergeDescriptionUpdate does.
 */
export function mergeDescription(
  taskId: string,
  base: StoredDescription,
  update: string,
): Promise<SavedDescription | null> {
  return run({ kind: "update", taskId, base, update });
}

/** The base with its text replaced by `text` (replaceDescriptionText). */
export async function replaceDescription(
  taskId: string,
  base: StoredDescription,
  text: string,
): Promise<SavedDescription> {
  const merged = await run({ kind: "text", taskId, base, text });
  if (!merged) throw new Error("a text replacement answered no document");
  return merged;
}

function run(job: MergeJob): Promise<SavedDescription | null> {
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, job, resolve, reject });
    dispatch();
  });
}

/**
 * Hands waiting merges to free workers, starting workers up to the pool's size; a merge goes to
 * the free worker that merged its task last, if there is one (description-merge-worker.ts keeps
 * the documents it merged last).
 */
function dispatch() {
  while (queue.length > 0) {
    const free = slots.filter((candidate) => !candidate.running);
    const waiting = queue[0];
    const slot =
      free.find((candidate) => candidate.lastTaskId === waiting?.job.taskId) ??
      free[0] ??
      startWorker();
    if (!slot || !waiting) return;
    queue.shift();
    slot.running = waiting;
    slot.lastTaskId = waiting.job.taskId;
    slot.worker.ref();
    slot.worker.postMessage({ id: waiting.id, job: waiting.job });
  }
}

function startWorker(): Slot | null {
  if (slots.length >= WORKERS) return null;
  const worker = new Worker(bootScript(), { eval: true });
  const slot: Slot = { worker, running: null, lastTaskId: null };
  worker.unref();
  worker.on("message", (reply: MergeReply) => {
    const waiting = slot.running;
    if (!waiting || waiting.id !== reply.id) return;
    slot.running = null;
    worker.unref();
    if ("merged" in reply) waiting.resolve(reply.merged);
    else if ("refused" in reply) waiting.reject(new InvalidDescription(reply.refused));
    else waiting.reject(new Error(`A description merge failed: ${reply.failed}`));
    dispatch();
  });
  const lost = (error: Error) => {
    const index = slots.indexOf(slot);
    if (index < 0) return;
    slots.splice(index, 1);
    slot.running?.reject(error);
    slot.running = null;
    dispatch();
  };
  worker.on("error", lost);
  worker.on("exit", (code) => lost(new Error(`The description worker stopped (exit ${code}).`)));
  slots.push(slot);
  return slot;
}

/**
 * The worker's first code: the server's modules are TypeScript, and a worker of Node 20 takes
 * no `--import tsx` from its execArgv, so it registers tsx itself before loading its module.
 */
function bootScript(): string {
  const tsx = import.meta.resolve("tsx/esm/api");
  const body = new URL("./description-merge-worker.ts", import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(body)}); });`;
}
