import { describe, expect, it } from "vitest";
import { testTask } from "../test-task.ts";
import type { Member, Project, Status, Task } from "../../../shared/entities.ts";
import { defaultProjectStatuses } from "../../../shared/statuses.ts";
import { parseCsv, toCsv } from "./csv.ts";
import { parseCsvTasks, parseJsonTasks, parseTaskFile } from "./import-tasks.ts";
import { planImport } from "./plan-import.ts";
import { projectToCsv, projectToJson } from "./project-export.ts";

const at = "2030-01-01T10:00:00.000Z";
const project: Project = {
  id: "p1",
  workspaceId: "w1",
  name: "Web",
  key: "WEB",
  icon: null,
  description: "",
  isPublic: false,
  lastTaskNumber: 2,
  createdAt: at,
  updatedAt: at,
};
const ada: Member = {
  id: "u1",
  workspaceId: "w1",
  name: "Ada",
  email: "ada@example.com",
  image: null,
  role: "owner",
};
const statuses: Status[] = defaultProjectStatuses(project, at);
const task = (fields: Partial<Task>): Task =>
  testTask({
    id: "t1",
    workspaceId: "w1",
    projectId: "p1",
    createdBy: "u1",
    createdAt: at,
    updatedAt: at,
    ...fields,
  });

describe("CSV", () => {
  it("keeps commas, quotes and line breaks inside quoted fields", () => {
    const text = 'title,description\r\n"Fix, then ship","Say ""hi""\nand go"\r\n';

    expect(parseCsv(text)).toEqual([
      ["title", "description"],
      ["Fix, then ship", 'Say "hi"\nand go'],
    ]);
  });

  it("reads back what it writes", () => {
    const rows = [["a,b", 'c"d', "e\nf", ""]];

    expect(parseCsv(toCsv(rows))).toEqual(rows);
  });
});

describe("reading tasks from a CSV file", () => {
  it("imports the good rows and names each bad row with its reason", () => {
    const text = [
      "Title,Status,Priority,Assignee Email,Due Date,Labels",
      "Write the spec,In Progress,high,ada@example.com,2030-02-01,bug; ui",
      ",to-do,low,,,",
      "Ship it,sideways,urgentish,,,",
      "Plan,backlog,,,2030-13-45,",
      "",
    ].join("\n");

    const parsed = parseCsvTasks(text);

    expect(parsed.rows).toEqual([
      {
        row: 2,
        title: "Write the spec",
        description: "",
        statusName: "In Progress",
        priority: "high",
        assigneeEmail: "ada@example.com",
        dueDate: "2030-02-01",
        labelNames: ["bug", "ui"],
      },
    ]);
    expect(parsed.refused).toEqual([
      { row: 3, reason: "the title is empty" },
      { row: 4, reason: 'unknown priority "urgentish"' },
      { row: 5, reason: '"2030-13-45" is not a date (YYYY-MM-DD)' },
    ]);
  });

  it("refuses a file without a title column", () => {
    expect(parseCsvTasks("name_of_thing,status\nx,done\n").refused).toEqual([
      { row: 1, reason: "the header has no title column" },
    ]);
  });
});

describe("reading tasks from a JSON file", () => {
  it("reads a Kaneo export: tasks under the project, userEmail as assignee, timestamps as due dates", () => {
    const kaneo = JSON.stringify({
      project: {
        name: "Kaneo project",
        tasks: [
          {
            title: "From Kaneo",
            status: "in-review",
            priority: "urgent",
            userEmail: "ADA@example.com",
            dueDate: "2030-03-04T00:00:00.000Z",
          },
          { title: "No priority", status: "done", priority: "no-priority" },
          { status: "to-do" },
        ],
      },
    });

    const parsed = parseTaskFile(kaneo);

    expect(
      parsed.rows.map(({ title, statusName, priority, assigneeEmail, dueDate }) => ({
        title,
        status: statusName,
        priority,
        assigneeEmail,
        dueDate,
      })),
    ).toEqual([
      {
        title: "From Kaneo",
        status: "in-review",
        priority: "urgent",
        assigneeEmail: "ada@example.com",
        dueDate: "2030-03-04",
      },
      {
        title: "No priority",
        status: "done",
        priority: "no-priority",
        assigneeEmail: null,
        dueDate: null,
      },
    ]);
    expect(parsed.refused).toEqual([{ row: 3, reason: "the title is empty" }]);
  });

  it("says so when the file is not JSON or holds no tasks", () => {
    expect(parseJsonTasks("{oops").refused).toEqual([
      { row: 0, reason: "the file is not valid JSON" },
    ]);
    expect(parseJsonTasks('{"hello": 1}').refused).toEqual([
      { row: 0, reason: "the file holds no list of tasks" },
    ]);
  });
});

describe("export, then import", () => {
  const tasks = [
    task({
      id: "t1",
      number: 1,
      title: "Design, review",
      description: 'Say "hi"\nthen go',
      status: "in-progress",
      priority: "high",
      assigneeId: "u1",
      dueDate: "2030-05-06",
      labelIds: ["l1"],
    }),
    task({ id: "t2", number: 2, title: "Plan", status: "planned", position: "a1" }),
  ];
  const labels = [
    {
      id: "l1",
      workspaceId: "w1",
      name: "Bug",
      color: "red" as const,
      createdAt: at,
      updatedAt: at,
    },
  ];
  const source = { project, tasks, labels, members: [ada], statuses, comments: new Map() };
  const context = {
    projectId: "p2",
    workspaceId: "w1",
    members: [ada],
    labels,
    statuses,
    projectTasks: [],
    canAssign: true,
    canEditWorkflow: true,
    now: at,
  };
  const fields = (t: {
    title: string;
    description?: string;
    status?: string;
    priority?: string;
    assigneeId?: string | null;
    dueDate?: string | null;
  }) => ({
    title: t.title,
    description: t.description,
    status: t.status,
    priority: t.priority,
    assigneeId: t.assigneeId,
    dueDate: t.dueDate,
  });

  for (const [format, text] of [
    ["JSON", projectToJson(source)],
    ["CSV", projectToCsv(source)],
  ] as const) {
    it(`a ${format} export imported into an empty project of the same workspace reproduces its tasks`, () => {
      let next = 0;
      const plan = planImport(parseTaskFile(text), { ...context, newId: () => `new-${++next}` });

      expect(plan.refused).toEqual([]);
      expect(plan.labels).toEqual([]);
      expect(plan.statuses).toEqual([]);
      expect(plan.tasks.map(fields)).toEqual(tasks.map(fields));
      expect(plan.tasks.map((t) => t.labelIds)).toEqual([["l1"], []]);
    });
  }

  it("creates the labels a file names that the workspace lacks, in the file's colour", () => {
    const plan = planImport(parseTaskFile(projectToJson(source)), {
      ...context,
      workspaceId: "w2",
      labels: [],
      newId: () => "new-label",
    });

    expect(plan.labels).toEqual([
      { id: "new-label", workspaceId: "w2", name: "Bug", color: "red", createdAt: at },
    ]);
  });

  it("refuses rows assigned to someone outside the workspace, or assigned by a member", () => {
    const parsed = parseCsvTasks("title,assignee_email\nA,nobody@example.com\nB,ada@example.com\n");
    const base = { ...context, labels: [], newId: () => "x" };

    expect(planImport(parsed, { ...base, canAssign: true }).refused).toEqual([
      { row: 2, reason: "nobody@example.com is not a member of this workspace" },
    ]);
    expect(planImport(parsed, { ...base, canAssign: false }).refused).toEqual([
      { row: 2, reason: "nobody@example.com is not a member of this workspace" },
      { row: 3, reason: "only owners and admins can assign tasks" },
    ]);
  });

  it("puts imported tasks after the column's last task, in file order", () => {
    const plan = planImport(parseCsvTasks("title\nFirst\nSecond\n"), {
      ...context,
      projectId: "p1",
      projectTasks: [task({ position: "a5" })],
      newId: () => "x",
    });

    const [first, second] = plan.tasks.map((t) => t.position ?? "");
    expect("a5" < (first ?? "")).toBe(true);
    expect((first ?? "") < (second ?? "")).toBe(true);
  });

  it("writes each task's status as the project names it, and lists the project's statuses", () => {
    const renamed = statuses.map((status) =>
      status.id === "in-progress" ? { ...status, name: "Building" } : status,
    );
    const exported = JSON.parse(projectToJson({ ...source, statuses: renamed })) as {
      statuses: { name: string; category: string }[];
      tasks: { status: string }[];
    };

    expect(exported.tasks.map((t) => t.status)).toEqual(["Building", "Planned"]);
    expect(exported.statuses.map((s) => `${s.category}:${s.name}`)).toEqual([
      "backlog:Planned",
      "unstarted:To do",
      "started:Building",
      "started:In review",
      "completed:Done",
      "canceled:Archived",
    ]);
    expect(projectToCsv({ ...source, statuses: renamed })).toContain(",Building,high,");
  });
});

describe("statuses of an imported file", () => {
  const importing = (text: string, canEditWorkflow = true) => {
    let next = 0;
    return planImport(parseTaskFile(text), {
      projectId: "p1",
      workspaceId: "w1",
      members: [],
      labels: [],
      statuses,
      projectTasks: [],
      canAssign: false,
      canEditWorkflow,
      newId: () => `new-${++next}`,
      now: at,
    });
  };

  it("match the project's by name, by id and by the old words for the defaults", () => {
    const plan = importing(
      "title,status\nA,IN PROGRESS\nB,in-review\nC,todo\nD,backlog\nE,completed\nF,\n",
    );
    expect(plan.statuses).toEqual([]);
    expect(plan.tasks.map((t) => t.status)).toEqual([
      "in-progress",
      "in-review",
      "to-do",
      "planned",
      "done",
      "to-do",
    ]);
  });

  it("are added when unknown, in the category the file or the name suggests", () => {
    const file = JSON.stringify({
      statuses: [{ name: "Blocked", category: "started", color: "red" }],
      tasks: [
        { title: "A", status: "Blocked" },
        { title: "B", status: "Shipped to customers" },
        { title: "C", status: "Icebox" },
        { title: "D", status: "Won't fix" },
        { title: "E", status: "Waiting" },
        { title: "F", status: "blocked" },
      ],
    });

    const plan = importing(file);

    expect(plan.statuses.map(({ name, category, color }) => ({ name, category, color }))).toEqual([
      { name: "Blocked", category: "started", color: "red" },
      { name: "Shipped to customers", category: "completed", color: "indigo" },
      { name: "Icebox", category: "backlog", color: "gray" },
      { name: "Won't fix", category: "canceled", color: "gray" },
      { name: "Waiting", category: "unstarted", color: "silver" },
    ]);
    // Each goes after the project's statuses of its category.
    for (const added of plan.statuses) {
      const before = statuses.filter((status) => status.category === added.category);
      expect(before.every((status) => status.position < added.position)).toBe(true);
    }
    const [blocked, shipped, icebox, wontFix, waiting] = plan.statuses.map((status) => status.id);
    expect(plan.tasks.map((t) => t.status)).toEqual([
      blocked,
      shipped,
      icebox,
      wontFix,
      waiting,
      blocked,
    ]);
  });

  it("map to the project's first status of their category for someone who may not add statuses", () => {
    const plan = importing("title,status\nA,Shipped\nB,Shipped\nC,Someday maybe\n", false);

    expect(plan.statuses).toEqual([]);
    expect(plan.tasks.map((t) => t.status)).toEqual(["done", "done", "planned"]);
    expect(plan.mappedStatuses).toEqual([
      { from: "Shipped", to: "Done" },
      { from: "Someday maybe", to: "Planned" },
    ]);
  });
});
