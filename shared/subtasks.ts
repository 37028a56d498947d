/**
 * The rules of sub-tasks, for the server (which refuses a change that breaks them) and the
 * screens (which offer only what passes). One level: a sub-task has no sub-tasks, so a task
 * with sub-tasks cannot become one, and a parent is never itself a sub-task.
 */

type TaskInProject = { id: string; projectId: string };

/** Why `parent` cannot become the parent of `task`, in words; null when it can. */
export function parentRefusal(
  task: TaskInProject & { hasSubtasks: boolean },
  parent: TaskInProject & { parentId: string | null },
): string | null {
  if (parent.id === task.id) return "A task cannot be its own parent.";
  if (parent.projectId !== task.projectId) {
    return "A sub-task's parent must be a task of the same project.";
  }
  if (parent.parentId !== null) return "A sub-task cannot have sub-tasks of its own.";
  if (task.hasSubtasks) return "A task with sub-tasks cannot become a sub-task.";
  return null;
}
