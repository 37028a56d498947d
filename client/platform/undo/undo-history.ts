import type { Task } from "../../../shared/entities.ts";
import type { MutatorArgs } from "../../../shared/mutators/mutators.ts";

/**
 * The person's own task changes, undone and redone as Linear does (Mod+Z, Mod+Shift+Z).
 *
 * A step remembers, for each task it changed, what that task was before and which of its
 * fields the change touched. Undo writes those fields back with the ordinary mutators
 * (`updateTask`, `moveTask`, `restoreTask` for a deleted task, `deleteTask` for a created one):
 * undo is itself a mutation, so it is optimistic, syncs, waits in the store while offline and
 * survives a reload like any change. Just before it writes, it reads the task as it is now:
 * that becomes the redo step, and redo is the same operation the other way.
 *
 * Only the touched fields go back, so someone else's later change to another field stands.
 * Changes called in the same turn of the event loop are one step (a bulk edit of 20 tasks
 * undoes at once). Saves of one text field of one task a few seconds apart are one step too.
 *
 * The description is not here: it is edited together (a Yjs document, mutator
 * editDescription), and writing an old text back whole would undo other people's typing too.
 * Its editor has its own undo of the person's own edits (Mod+Z inside it, a Y.UndoManager).
 */

export type TaskField = Exclude<keyof Task, "id" | "workspaceId" | "projectId" | "number">;

/** One task in a step: the state to write back (null: the task did not exist). */
export type TaskChange = {
  taskId: string;
  projectId: string;
  target: Task | null;
  fields: readonly TaskField[];
};

type UndoStep = {
  readonly changes: readonly TaskChange[];
  /** What the step did, for its toast: "Task deleted", "3 tasks updated". */
  readonly summary: string;
  /** A delete or a change of several tasks: the screen offers Undo in a toast. */
  readonly notable: boolean;
  recordedAt: number;
};

/** The mutators undo writes with, as the store's `rep.mutate` has them (not the recording ones). */
type TaskWrites = {
  restoreTask: (args: MutatorArgs["restoreTask"]) => Promise<void>;
  updateTask: (args: MutatorArgs["updateTask"]) => Promise<void>;
  moveTask: (args: MutatorArgs["moveTask"]) => Promise<void>;
  deleteTask: (args: MutatorArgs["deleteTask"]) => Promise<void>;
};

type Options = {
  writes: TaskWrites;
  /** The task as the store has it now. */
  read: (taskId: string, projectId: string) => Task | undefined;
  /** A write that fails (the store closed, say): shown, never swallowed. */
  onError: (error: unknown) => void;
  now?: () => Date;
};

const LIMIT = 100;
const TEXT_MERGE_MS = 3_000;
const textFields: readonly TaskField[] = ["title"];
/** What `updateTask` sets and undo writes back; status and position are `moveTask`'s. */
export const propertyFields = [
  "title",
  "priority",
  "assigneeId",
  "dueDate",
  "labelIds",
  "parentId",
] as const satisfies readonly TaskField[];
export const allFields: readonly TaskField[] = [...propertyFields, "status", "position"];

type Listener = (step: UndoStep) => void;

export class UndoHistory {
  private readonly undoStack: UndoStep[] = [];
  private readonly redoStack: UndoStep[] = [];
  private open: TaskChange[] | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly writes: TaskWrites;
  private readonly read: Options["read"];
  private readonly now: () => Date;
  private readonly onError: (error: unknown) => void;

  constructor({ writes, read, onError, now = () => new Date() }: Options) {
    this.writes = writes;
    this.read = read;
    this.onError = onError;
    this.now = now;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0 || this.open !== null;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** Called as a change is made (before it lands): `before` is the task as it is now. */
  record(taskId: string, projectId: string, before: Task | null, fields: readonly TaskField[]) {
    if (fields.length === 0) return;
    if (this.open) {
      if (!this.open.some((change) => change.taskId === taskId)) {
        this.open.push({ taskId, projectId, target: before, fields });
      }
      return;
    }
    this.open = [{ taskId, projectId, target: before, fields }];
    queueMicrotask(() => this.close());
  }

  /** Notified of every step the person makes (not of undo and redo). */
  onStep(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Undoes the last step, or `step` wherever it is in the history (a toast's Undo). */
  undo(step?: UndoStep): boolean {
    this.close();
    const taken = take(this.undoStack, step);
    if (!taken) return false;
    push(this.redoStack, this.apply(taken));
    return true;
  }

  redo(): boolean {
    this.close();
    const taken = this.redoStack.pop();
    if (!taken) return false;
    push(this.undoStack, this.apply(taken));
    return true;
  }

  private close() {
    const changes = this.open;
    if (!changes) return;
    this.open = null;
    const step = describe(changes, this.now().getTime());
    this.redoStack.length = 0;
    const last = this.undoStack.at(-1);
    if (last && continuesTyping(last, step)) {
      last.recordedAt = step.recordedAt;
      return;
    }
    push(this.undoStack, step);
    for (const listener of this.listeners) listener(step);
  }

  /** Writes the step's targets back; returns the step that writes today's values back. */
  private apply(step: UndoStep): UndoStep {
    const at = this.now().toISOString();
    const inverse: TaskChange[] = [];
    for (const change of step.changes) {
      const current = this.read(change.taskId, change.projectId) ?? null;
      inverse.push({ ...change, target: current });
      this.restore(change, current, at);
    }
    return { ...step, changes: inverse, recordedAt: this.now().getTime() };
  }

  private restore(
    { taskId, projectId, target, fields }: TaskChange,
    current: Task | null,
    at: string,
  ) {
    const writes = {
      restoreTask: (args: MutatorArgs["restoreTask"]) =>
        this.writes.restoreTask(args).catch(this.onError),
      updateTask: (args: MutatorArgs["updateTask"]) =>
        this.writes.updateTask(args).catch(this.onError),
      moveTask: (args: MutatorArgs["moveTask"]) => this.writes.moveTask(args).catch(this.onError),
      deleteTask: (args: MutatorArgs["deleteTask"]) =>
        this.writes.deleteTask(args).catch(this.onError),
    };
    if (!target) {
      if (current) void writes.deleteTask({ id: taskId, projectId });
      return;
    }
    // The server brings back the same task, with its number, comments and history.
    if (!current) {
      void writes.restoreTask({
        id: target.id,
        projectId: target.projectId,
        number: target.number,
        title: target.title,
        description: target.description,
        status: target.status,
        priority: target.priority,
        assigneeId: target.assigneeId,
        dueDate: target.dueDate,
        position: target.position,
        labelIds: [...target.labelIds],
        parentId: target.parentId,
        createdBy: target.createdBy,
        createdAt: target.createdAt,
        restoredAt: at,
      });
      return;
    }
    const differs = (field: TaskField) =>
      fields.includes(field) && JSON.stringify(current[field]) !== JSON.stringify(target[field]);
    if (differs("status") || differs("position")) {
      void writes.moveTask({
        id: taskId,
        projectId,
        status: target.status,
        position: target.position,
        updatedAt: at,
      });
    }
    const changed = propertyFields.filter(differs);
    if (changed.length > 0) {
      const values = Object.fromEntries(changed.map((field) => [field, target[field]]));
      void writes.updateTask({ ...values, id: taskId, projectId, updatedAt: at });
    }
  }
}

function describe(changes: TaskChange[], recordedAt: number): UndoStep {
  const count = changes.length;
  const only = changes[0]?.target;
  const tasks = count === 1 ? (only ? `“${only.title}”` : "Task") : `${count} tasks`;
  // A delete is recorded with every field: the whole task comes back.
  const deleted = changes.some(
    (change) => change.target !== null && change.fields.length === allFields.length,
  );
  const created = changes.every((change) => change.target === null);
  const summary = deleted
    ? `${tasks} deleted`
    : created
      ? `${tasks} created`
      : `${tasks} ${changes.every(isMove) ? "moved" : "updated"}`;
  return { changes, summary, notable: deleted || count > 1, recordedAt };
}

const isMove = (change: TaskChange) =>
  change.fields.every((field) => field === "status" || field === "position");

/** A save of the same text field of the same task, soon after the last one. */
function continuesTyping(last: UndoStep, next: UndoStep): boolean {
  const [a] = last.changes;
  const [b] = next.changes;
  if (!a || !b || last.changes.length !== 1 || next.changes.length !== 1) return false;
  if (a.taskId !== b.taskId || next.recordedAt - last.recordedAt > TEXT_MERGE_MS) return false;
  const [field] = b.fields;
  return (
    a.fields.length === 1 &&
    b.fields.length === 1 &&
    field !== undefined &&
    textFields.includes(field) &&
    a.fields[0] === field
  );
}

function take(stack: UndoStep[], step?: UndoStep): UndoStep | undefined {
  if (!step) return stack.pop();
  const at = stack.indexOf(step);
  return at === -1 ? undefined : stack.splice(at, 1)[0];
}

function push(stack: UndoStep[], step: UndoStep) {
  stack.push(step);
  if (stack.length > LIMIT) stack.shift();
}
