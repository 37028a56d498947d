import type { ExperimentalNoIndexDiff } from "replicache";
import { toast } from "sonner";
import {
  commentSchema,
  projectSchema,
  taskSchema,
  type Comment,
  type Project,
  type Task,
} from "../../../shared/entities.ts";
import { prefixes } from "../../../shared/keys.ts";
import { afterNextPaint } from "../../platform/browser/after-paint.ts";
import type { Rep } from "../../platform/sync/create-replicache.ts";
import { setIndexBuilding } from "./index-status.ts";
import type { SearchDatabase } from "./search-database.ts";
import {
  commentDraft,
  documentId,
  indexDigest,
  projectDraft,
  searchDocument,
  taskDraft,
  type SearchDraft,
} from "./search-documents.ts";

type Change = ExperimentalNoIndexDiff[number];

type TaskPlace = { projectId: string; workspaceId: string };

/**
 * Documents built and written per IndexedDB transaction: the main thread breathes between.
 * 500 made each batch a task of about 100 ms on a 2-core machine, twenty of them in the
 * seconds after a first sync of 10,000 tasks, each holding up a click or another person's
 * change that came meanwhile; 100 keeps every batch under the 50 ms of a long task, for an
 * index complete 1–2 s later (`scripts/probes/index-build-long-tasks.ts`).
 */
const BATCH_SIZE = 100;

/** Values parsed before the main thread breathes (a few milliseconds' work). */
const PARSE_SLICE = 500;

/** The changes of keys under `prefix`, in slices of PARSE_SLICE, in their order. */
function* slices(changes: readonly Change[], prefix: string): Generator<Change[]> {
  let slice: Change[] = [];
  for (const change of changes) {
    if (!change.key.startsWith(prefix)) continue;
    slice.push(change);
    if (slice.length === PARSE_SLICE) {
      yield slice;
      slice = [];
    }
  }
  if (slice.length > 0) yield slice;
}

/**
 * Keeps the person's search index in step with their store. Replicache's watch hands over
 * every value on start and then each commit's changes; the callback only queues them, and a
 * single background loop turns them into documents and writes them in batches, so neither
 * typing nor a 10,000-task first sync waits for the index.
 *
 * On start the whole store arrives again: documents whose content is unchanged are skipped
 * (by stamp) and documents of things no longer in the store are removed, so the index stays
 * right across reloads and sign-ins without being rewritten each time. When the whole store's
 * stamps give the digest kept when the index last caught up, nothing is compared or written:
 * the index's database (and Dexie's code) stays shut until something changes or the search
 * screen asks for a check (`verify`).
 */
export class SearchIndexer {
  private readonly projects = new Map<string, Project>();
  /**
   * Where each task of the store is: a comment's document names its task's workspace, and a
   * delete counts only under the key the task has now. Only that: the tasks themselves are the
   * store's (a copy of every one here was a megabyte of an 800-task board's memory).
   */
  private readonly taskPlaces = new Map<string, TaskPlace>();
  /** Comments that arrived before their task, by task id: they need its workspace. */
  private readonly waitingComments = new Map<string, Map<string, Comment>>();
  private queue: ExperimentalNoIndexDiff[] = [];
  private draining = false;
  private firstPass = true;
  /** The first pass found the index as it was left, and compared nothing. */
  private trusted = false;
  /** The next first pass compares stamps whatever the digest says. */
  private comparing = false;
  private stopped = false;
  private database: Promise<SearchDatabase> | null = null;
  private readonly stopWatching: () => void;

  /**
   * `openDatabase` is called when the index is first written or read; `digestKey` is where the
   * digest of the index as last caught up is kept (localStorage).
   */
  constructor(
    private readonly rep: Rep,
    private readonly openDatabase: () => Promise<SearchDatabase>,
    private readonly digestKey: string,
  ) {
    setIndexBuilding(true);
    this.stopWatching = rep.experimentalWatch((diff) => this.enqueue(diff), {
      initialValuesInFirstDiff: true,
    });
  }

  stop() {
    this.stopped = true;
    this.stopWatching();
    setIndexBuilding(false);
  }

  /**
   * Compares the index with the store once more if the first pass trusted the digest: the
   * search screen asks, so an index lost behind the digest's back (its database deleted on its
   * own) is put right before it is read.
   */
  async verify() {
    if (this.stopped) return;
    if (!this.trusted) {
      // A first pass still on its way compares; one that compared already needs nothing.
      this.comparing = true;
      return;
    }
    this.trusted = false;
    const changes = await this.rep.query(async (tx) => {
      const all: Change[] = [];
      for (const prefix of [prefixes.project(), prefixes.task(), prefixes.comment()]) {
        for await (const [key, value] of tx.scan({ prefix }).entries()) {
          all.push({ op: "add", key, newValue: value });
        }
      }
      return all;
    });
    this.firstPass = true;
    this.comparing = true;
    this.enqueue(changes);
  }

  private db(): Promise<SearchDatabase> {
    return (this.database ??= this.openDatabase());
  }

  private enqueue(diff: ExperimentalNoIndexDiff) {
    this.queue.push(diff);
    if (this.draining) return;
    this.draining = true;
    // After the frame that shows the change: indexing a card moved on the board waits for it.
    afterNextPaint(() => void this.drain());
  }

  private async drain() {
    while (this.queue.length > 0 && !this.stopped) {
      const diffs = this.queue.splice(0);
      try {
        await this.apply(diffs);
      } catch (error) {
        if (this.stopped) break;
        toast.error("Search could not update its index", {
          description: error instanceof Error ? error.message : String(error),
        });
      }
      if (this.firstPass) {
        this.firstPass = false;
        setIndexBuilding(false);
      }
    }
    this.draining = false;
  }

  private async apply(diffs: ExperimentalNoIndexDiff[]) {
    const latest = new Map<string, Change>();
    for (const diff of diffs) for (const change of diff) latest.set(change.key, change);
    const changes = [...latest.values()];
    const builders = new Map<string, () => SearchDraft>();
    const removed = new Set<string>();

    await this.applyProjects(changes, builders, removed);
    // Parsed a slice at a time: the first pass after a load is every task and comment of the
    // store (15,000 for a 10,000-task workspace), about 200 ms of parsing in one go, which a
    // card moved in the first seconds after a reload would wait behind.
    for (const slice of slices(changes, prefixes.task())) {
      if (this.stopped) return;
      this.applyTasks(slice, builders, removed);
      if (slice.length === PARSE_SLICE) await nextTask();
    }
    for (const slice of slices(changes, prefixes.comment())) {
      if (this.stopped) return;
      this.applyComments(slice, builders, removed);
      if (slice.length === PARSE_SLICE) await nextTask();
    }
    for (const id of builders.keys()) removed.delete(id);

    if (this.firstPass) await this.writeFirstPass(builders);
    else await this.write([...builders.values()], [...removed]);
  }

  private async applyProjects(
    changes: Change[],
    builders: Map<string, () => SearchDraft>,
    removed: Set<string>,
  ) {
    const rekeyed = new Set<string>();
    for (const change of changes) {
      if (!change.key.startsWith(prefixes.project())) continue;
      if (change.op === "del") {
        const id = lastSegment(change.key);
        this.projects.delete(id);
        removed.add(documentId("project", id));
        continue;
      }
      const parsed = projectSchema.safeParse(change.newValue);
      if (!parsed.success) continue;
      const project = parsed.data;
      const previous = this.projects.get(project.id);
      this.projects.set(project.id, project);
      builders.set(documentId("project", project.id), () => projectDraft(project));
      if (previous && previous.key !== project.key) rekeyed.add(project.id);
    }
    // A new project key renames every task of the project (`WEB-12` becomes `SITE-12`): they
    // are read again from the store.
    for (const projectId of rekeyed) {
      const values = await this.rep.query((tx) =>
        tx
          .scan({ prefix: prefixes.task(projectId) })
          .values()
          .toArray(),
      );
      for (const value of values) {
        const parsed = taskSchema.safeParse(value);
        if (parsed.success) this.addTask(parsed.data, builders);
      }
    }
  }

  private applyTasks(
    changes: Change[],
    builders: Map<string, () => SearchDraft>,
    removed: Set<string>,
  ) {
    for (const change of changes) {
      if (!change.key.startsWith(prefixes.task())) continue;
      if (change.op === "del") {
        const id = lastSegment(change.key);
        // A task moved to another project is a delete under the old key and an add under
        // the new one, in any order: only forget it if the delete is of the key it has.
        if (this.taskPlaces.get(id)?.projectId === change.key.split("/")[1]) {
          this.taskPlaces.delete(id);
        }
        removed.add(documentId("task", id));
        continue;
      }
      const parsed = taskSchema.safeParse(change.newValue);
      if (parsed.success) this.addTask(parsed.data, builders);
    }
  }

  private addTask(task: Task, builders: Map<string, () => SearchDraft>) {
    this.taskPlaces.set(task.id, { projectId: task.projectId, workspaceId: task.workspaceId });
    builders.set(documentId("task", task.id), () =>
      taskDraft(task, this.projects.get(task.projectId)?.key ?? ""),
    );
    const waiting = this.waitingComments.get(task.id);
    if (!waiting) return;
    this.waitingComments.delete(task.id);
    for (const comment of waiting.values()) this.addComment(comment, builders);
  }

  private applyComments(
    changes: Change[],
    builders: Map<string, () => SearchDraft>,
    removed: Set<string>,
  ) {
    for (const change of changes) {
      if (!change.key.startsWith(prefixes.comment())) continue;
      if (change.op === "del") {
        const id = lastSegment(change.key);
        this.waitingComments.get(change.key.split("/")[1] ?? "")?.delete(id);
        removed.add(documentId("comment", id));
        continue;
      }
      const parsed = commentSchema.safeParse(change.newValue);
      if (parsed.success) this.addComment(parsed.data, builders);
    }
  }

  private addComment(comment: Comment, builders: Map<string, () => SearchDraft>) {
    const task = this.taskPlaces.get(comment.taskId);
    if (!task) {
      const waiting = this.waitingComments.get(comment.taskId) ?? new Map<string, Comment>();
      waiting.set(comment.id, comment);
      this.waitingComments.set(comment.taskId, waiting);
      return;
    }
    builders.set(documentId("comment", comment.id), () => commentDraft(comment, task.workspaceId));
  }

  /**
   * The whole store: nothing to do if its digest is the one kept when the index last caught up;
   * otherwise write what changed since last time, remove what is gone, and keep the new digest.
   */
  private async writeFirstPass(builders: Map<string, () => SearchDraft>) {
    const drafts: SearchDraft[] = [];
    for (const build of builders.values()) {
      drafts.push(build());
      if (drafts.length % PARSE_SLICE === 0) await nextTask();
    }
    const digest = indexDigest(drafts.map((draft) => draft.stamp));
    if (!this.comparing && localStorage.getItem(this.digestKey) === digest) {
      this.trusted = true;
      return;
    }
    this.comparing = false;
    localStorage.removeItem(this.digestKey);
    const database = await this.db();
    const stored = await database.documents.orderBy("stamp").keys();
    const storedStamps = new Set<string>();
    const gone: string[] = [];
    for (const stamp of stored) {
      if (typeof stamp !== "string") continue;
      storedStamps.add(stamp);
      const id = stamp.slice(0, stamp.lastIndexOf(":"));
      if (!builders.has(id)) gone.push(id);
    }
    await this.write(
      drafts.map((draft) => () => draft),
      gone,
      storedStamps,
    );
    if (!this.stopped) localStorage.setItem(this.digestKey, digest);
  }

  private async write(
    builders: (() => SearchDraft)[],
    removed: string[],
    unchanged: ReadonlySet<string> = new Set(),
  ) {
    if (builders.length === 0 && removed.length === 0) return;
    // The index is about to differ from the one the digest describes.
    localStorage.removeItem(this.digestKey);
    const database = await this.db();
    const { documents } = database;
    for (let start = 0; start < Math.max(builders.length, removed.length); start += BATCH_SIZE) {
      if (this.stopped) return;
      const built = builders
        .slice(start, start + BATCH_SIZE)
        .map((build) => build())
        .filter((draft) => !unchanged.has(draft.stamp))
        .map(searchDocument);
      const removing = removed.slice(start, start + BATCH_SIZE);
      if (built.length === 0 && removing.length === 0) {
        await nextTask();
        continue;
      }
      await database.transaction("rw", documents, async () => {
        if (removing.length > 0) await documents.bulkDelete(removing);
        if (built.length > 0) await documents.bulkPut(built);
      });
    }
  }
}

/** Lets the browser handle input between batches that had nothing to write. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function lastSegment(key: string): string {
  return key.slice(key.lastIndexOf("/") + 1);
}
