import type { Task } from "../../shared/entities.ts";
import { formatTaskKey } from "../../shared/task-key.ts";

/** A task that may be picked, with the key it is known by ("WEB-12"). */
type TaskCandidate = { task: Task; key: string };

/** How well a task matches: lower is better; null when it does not match. */
function rank({ task, key }: TaskCandidate, query: string): number | null {
  const lowerKey = key.toLowerCase();
  if (lowerKey === query) return 0;
  if (lowerKey.startsWith(query) || String(task.number) === query) return 1;
  const title = task.title.toLowerCase();
  if (title.startsWith(query)) return 2;
  if (title.includes(` ${query}`)) return 3;
  if (title.includes(query) || lowerKey.includes(query)) return 4;
  return null;
}

const newestFirst = (a: TaskCandidate, b: TaskCandidate) =>
  a.task.updatedAt > b.task.updatedAt ? -1 : a.task.updatedAt < b.task.updatedAt ? 1 : 0;

/**
 * The candidates matching what was typed, best first, at most `limit`: a key ("web-12", "12")
 * before a title that starts with the words, before one that contains them. Nothing typed: the
 * tasks changed most recently.
 */
export function searchTasks(
  candidates: Iterable<TaskCandidate>,
  typed: string,
  limit = 30,
): TaskCandidate[] {
  const query = typed.trim().toLowerCase();
  if (query === "") return [...candidates].sort(newestFirst).slice(0, limit);
  const found: { candidate: TaskCandidate; score: number }[] = [];
  for (const candidate of candidates) {
    const score = rank(candidate, query);
    if (score !== null) found.push({ candidate, score });
  }
  return found
    .sort((a, b) => a.score - b.score || newestFirst(a.candidate, b.candidate))
    .slice(0, limit)
    .map((entry) => entry.candidate);
}

/** Every task of these projects as a candidate, keyed with its project's key. */
export function* projectCandidates(
  projects: readonly { id: string; key: string }[],
  tasksOf: (projectId: string) => readonly Task[],
): Generator<TaskCandidate> {
  for (const project of projects) {
    for (const task of tasksOf(project.id)) {
      yield { task, key: formatTaskKey(project.key, task.number) };
    }
  }
}
