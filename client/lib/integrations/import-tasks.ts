/**
 * Reading tasks from a file: this app's JSON and CSV exports (project-export.ts) and a Kaneo
 * JSON export. Pure: no store, no network, so every rule is unit-tested.
 *
 * Leniency, for files written by people and by other tools:
 * - headers and priorities are matched ignoring case, spaces, `_` and `-`;
 * - a status is read as a name, matched to the project's statuses later (plan-import.ts);
 * - priority "none", "" or missing → no-priority;
 * - a due date may be a full timestamp: its calendar day is kept;
 * - labels are names, a list in JSON or separated by `;` in CSV.
 * Kaneo: the tasks may sit at the top level (an array), under `tasks`, under `project.tasks`
 * or under `columns[].tasks`; its `userEmail` (or `assigneeEmail`, `assignee`) names the assignee.
 *
 * Row numbers in reports are what a person finds in the file: a CSV row counts the header
 * as row 1; a JSON row is the task's place in its list, from 1.
 */
import { z } from "zod";
import {
  statusCategorySchema,
  statusColorSchema,
  taskPriorities,
  type TaskPriority,
} from "../../../shared/entities.ts";
import { squashStatusName } from "../../../shared/statuses.ts";
import { parseCsv } from "./csv.ts";
import type { StatusCategory, StatusColor } from "../../../shared/status-palette.ts";

export type ImportRow = {
  row: number;
  title: string;
  description: string;
  /** The status's name as the file has it ("" when it has none). */
  statusName: string;
  priority: TaskPriority;
  assigneeEmail: string | null;
  dueDate: string | null;
  labelNames: string[];
};

export type RefusedRow = { row: number; reason: string };

export type ParsedImport = {
  rows: ImportRow[];
  refused: RefusedRow[];
  /** Label colours a JSON export carries, by name, for labels the workspace lacks. */
  labelColors: Record<string, string>;
  /** The statuses a JSON export of this app describes, by name: their category and colour. */
  statuses: Record<string, { category: StatusCategory; color: StatusColor | null }>;
};

/** Headers, priorities and status names match ignoring case, spaces, `_` and `-`. */
const squash = squashStatusName;

const priorityAliases: Record<string, TaskPriority> = {
  ...Object.fromEntries(taskPriorities.map((priority) => [squash(priority), priority])),
  "": "no-priority",
  none: "no-priority",
};

// Optional, so a missing key reaches the transform as undefined (zod 4 refuses it otherwise).
const optionalText = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? "" : String(value).trim()));

const rowSchema = z.object({
  title: optionalText.pipe(
    z.string().min(1, "the title is empty").max(500, "the title is longer than 500 characters"),
  ),
  description: optionalText.pipe(
    z.string().max(100_000, "the description is longer than 100,000 characters"),
  ),
  statusName: optionalText.pipe(z.string().max(100, "the status is longer than 100 characters")),
  priority: optionalText.transform((value, ctx) => {
    const priority = priorityAliases[squash(value)];
    if (!priority) ctx.addIssue({ code: "custom", message: `unknown priority "${value}"` });
    return priority ?? "no-priority";
  }),
  assigneeEmail: optionalText.transform((value, ctx) => {
    if (value === "") return null;
    if (!z.email().safeParse(value).success) {
      ctx.addIssue({ code: "custom", message: `"${value}" is not an email address` });
    }
    return value.toLowerCase();
  }),
  dueDate: optionalText.transform((value, ctx) => {
    if (value === "") return null;
    const day = value.slice(0, 10);
    if (!z.iso.date().safeParse(day).success || (value.length > 10 && value[10] !== "T")) {
      ctx.addIssue({ code: "custom", message: `"${value}" is not a date (YYYY-MM-DD)` });
    }
    return day;
  }),
  labelNames: z
    .union([z.array(z.unknown()), z.string(), z.null()])
    .optional()
    .transform((value) => {
      const names = Array.isArray(value)
        ? value.map((entry) => labelName(entry))
        : (value ?? "").split(";");
      return [...new Set(names.map((name) => name.trim()).filter(Boolean))];
    })
    .pipe(z.array(z.string().max(50, "a label name is longer than 50 characters")).max(50)),
});

/** A label in a JSON file is a name, or an object with one. */
function labelName(entry: unknown): string {
  if (typeof entry === "string") return entry;
  const named = z.object({ name: z.string() }).safeParse(entry);
  return named.success ? named.data.name : "";
}

function validate(row: number, fields: Record<string, unknown>): ImportRow | RefusedRow {
  const parsed = rowSchema.safeParse(fields);
  if (parsed.success) return { row, ...parsed.data };
  return { row, reason: parsed.error.issues.map((issue) => issue.message).join("; ") };
}

function collect(
  results: (ImportRow | RefusedRow)[],
  described: Pick<ParsedImport, "labelColors" | "statuses"> = { labelColors: {}, statuses: {} },
) {
  const parsed: ParsedImport = { rows: [], refused: [], ...described };
  for (const result of results) {
    if ("reason" in result) parsed.refused.push(result);
    else parsed.rows.push(result);
  }
  return parsed;
}

const headerAliases: Record<string, keyof z.input<typeof rowSchema>> = {
  title: "title",
  name: "title",
  description: "description",
  status: "statusName",
  priority: "priority",
  assignee: "assigneeEmail",
  assigneeemail: "assigneeEmail",
  useremail: "assigneeEmail",
  duedate: "dueDate",
  due: "dueDate",
  labels: "labelNames",
  label: "labelNames",
};

export function parseCsvTasks(text: string): ParsedImport {
  const [header, ...lines] = parseCsv(text);
  if (!header) return collect([]);
  const columns = header.map((name) => headerAliases[squash(name)]);
  if (!columns.includes("title")) {
    return collect([{ row: 1, reason: "the header has no title column" }]);
  }
  const results = lines
    .map((cells, index) => ({ cells, row: index + 2 }))
    // A blank line (often the file's last) is not a row anyone meant.
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ""))
    .map(({ cells, row }) => {
      const fields: Record<string, string> = {};
      columns.forEach((column, index) => {
        if (column) fields[column] = cells[index] ?? "";
      });
      return validate(row, fields);
    });
  return collect(results);
}

const taskListSchema = z.array(z.unknown());
const jsonTaskSchema = z.record(z.string(), z.unknown());
const exportLabelsSchema = z.array(z.object({ name: z.string(), color: z.string() }));
const exportStatusesSchema = z.array(
  z.object({
    name: z.string(),
    category: statusCategorySchema,
    color: statusColorSchema.nullable().catch(null),
  }),
);

/** The task list of a JSON file, wherever the known formats keep it. */
function findTasks(value: unknown): unknown[] | null {
  const asList = taskListSchema.safeParse(value);
  if (asList.success) return asList.data;
  const holder = z
    .looseObject({
      tasks: taskListSchema.optional(),
      project: z.looseObject({ tasks: taskListSchema.optional() }).optional(),
      columns: z.array(z.looseObject({ tasks: taskListSchema.optional() })).optional(),
    })
    .safeParse(value);
  if (!holder.success) return null;
  const { tasks, project, columns } = holder.data;
  return tasks ?? project?.tasks ?? columns?.flatMap((column) => column.tasks ?? []) ?? null;
}

export function parseJsonTasks(text: string): ParsedImport {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return collect([{ row: 0, reason: "the file is not valid JSON" }]);
  }
  const tasks = findTasks(value);
  if (!tasks) return collect([{ row: 0, reason: "the file holds no list of tasks" }]);
  const described = z
    .looseObject({ labels: z.unknown().optional(), statuses: z.unknown().optional() })
    .safeParse(value).data;
  const labels = exportLabelsSchema.safeParse(described?.labels);
  const labelColors = Object.fromEntries(
    (labels.success ? labels.data : []).map((label) => [label.name, label.color]),
  );
  const statuses = exportStatusesSchema.safeParse(described?.statuses);
  const statusesByName = Object.fromEntries(
    (statuses.success ? statuses.data : []).map(({ name, ...status }) => [name, status]),
  );
  const results = tasks.map((task, index) => {
    const row = index + 1;
    const fields = jsonTaskSchema.safeParse(task);
    if (!fields.success) return { row, reason: "the task is not an object" };
    const t = fields.data;
    return validate(row, {
      title: t.title ?? t.name,
      description: t.description,
      statusName: t.status,
      priority: t.priority,
      assigneeEmail: t.assigneeEmail ?? t.userEmail ?? t.assignee,
      dueDate: t.dueDate,
      labelNames: t.labels,
    });
  });
  return collect(results, { labelColors, statuses: statusesByName });
}

/** JSON when the file looks like JSON, else CSV. */
export function parseTaskFile(text: string): ParsedImport {
  const start = text.trimStart()[0];
  return start === "{" || start === "[" ? parseJsonTasks(text) : parseCsvTasks(text);
}
