import type { Task } from "../../../shared/entities.ts";
import { showError } from "../../lib/api-errors.ts";
import type { Rep } from "../sync/create-replicache.ts";
import type { TaskStore } from "../sync/task-store.ts";
import { allFields, propertyFields, UndoHistory, type TaskField } from "./undo-history.ts";

/**
 * Makes the store's task mutators record what they change, at the one place every screen
 * writes through (`rep.mutate`): the board, the task page, the backlog's bulk bar and any
 * picker added later get undo without knowing of it. The task as it is before the change is
 * read from the task store, in memory, at the moment of the call.
 */
export function recordUndo(rep: Rep, tasks: TaskStore): UndoHistory {
  const createTask = rep.mutate.createTask;
  // What undo writes with: the store's own mutators, so an undo is not recorded as a change.
  const writes = {
    restoreTask: rep.mutate.restoreTask,
    updateTask: rep.mutate.updateTask,
    moveTask: rep.mutate.moveTask,
    deleteTask: rep.mutate.deleteTask,
  };
  const read = (taskId: string, projectId?: string): Task | undefined => {
    if (projectId) return tasks.findTask(projectId, taskId);
    for (const id of tasks.allProjectIds()) {
      const task = tasks.findTask(id, taskId);
      if (task) return task;
    }
    return undefined;
  };
  const history = new UndoHistory({
    writes,
    read,
    onError: (error) => showError(error, "The change could not be undone"),
  });
  const before = (taskId: string, projectId?: string) => {
    const task = read(taskId, projectId);
    return task ? { task, projectId: task.projectId } : null;
  };

  Object.assign(rep.mutate, {
    createTask: (args: Parameters<typeof createTask>[0]) => {
      history.record(args.id, args.projectId, null, allFields);
      return createTask(args);
    },
    updateTask: (args: Parameters<typeof writes.updateTask>[0]) => {
      const found = before(args.id, args.projectId);
      if (found) history.record(args.id, found.projectId, found.task, updatedFields(args));
      return writes.updateTask(args);
    },
    moveTask: (args: Parameters<typeof writes.moveTask>[0]) => {
      const found = before(args.id, args.projectId);
      if (found) history.record(args.id, found.projectId, found.task, ["status", "position"]);
      return writes.moveTask(args);
    },
    deleteTask: (args: Parameters<typeof writes.deleteTask>[0]) => {
      const found = before(args.id, args.projectId);
      if (found) history.record(args.id, found.projectId, found.task, allFields);
      return writes.deleteTask(args);
    },
  });
  return history;
}

/** The fields an update sets (an `undefined` one leaves the value alone). */
function updatedFields(args: Parameters<Rep["mutate"]["updateTask"]>[0]): TaskField[] {
  return propertyFields.filter((field) => args[field] !== undefined);
}
