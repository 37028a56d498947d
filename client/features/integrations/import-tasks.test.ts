import { describe, expect, it } from "vitest";
import type { Member, Project, Task } from "../../../shared/entities.ts";
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
const task = (fields: Partial<Task>): Task => ({
  id: "t1",
  workspaceId: "w1",
  projectId: "p1",
  number: 1,
  title: "A task",
  description: "",
  status: "to-do",
  priority: "no-priority",
  assigneeId: null,
  dueDate: null,
  position: "a0",
  labelIds: [],
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
      "Ship it,sideways,,,,",
      "Plan,backlog,,,2030-13-45,",
      "",
    ].join("\n");

    const parsed = parseCsvTasks(text);

    expect(parsed.rows).toEqual([
      {
        row: 2,
        title: "Write the spec",
        description: "",
        status: "in-progress",
        priority: "high",
        assigneeEmail: "ada@example.com",
        dueDate: "2030-02-01",
        labelNames: ["bug", "ui"],
      },
    ]);
    expect(parsed.refused).toEqual([
      { row: 3, reason: "the title is empty" },
      { row: 4, reason: 'unknown status "sideways"' },
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
      parsed.rows.map(({ title, status, priority, assigneeEmail, dueDate }) => ({
        title,
        status,
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
  const source = { project, tasks, labels, members: [ada], comments: new Map() };
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
      const plan = planImport(parseTaskFile(text), {
        projectId: "p2",
        workspaceId: "w1",
        members: [ada],
        labels,
        projectTasks: [],
        canAssign: true,
        newId: () => `new-${++next}`,
        now: at,
      });

      expect(plan.refused).toEqual([]);
      expect(plan.labels).toEqual([]);
      expect(plan.tasks.map(fields)).toEqual(tasks.map(fields));
      expect(plan.tasks.map((t) => t.labelIds)).toEqual([["l1"], []]);
    });
  }

  it("creates the labels a file names that the workspace lacks, in the file's colour", () => {
    const plan = planImport(parseTaskFile(projectToJson(source)), {
      projectId: "p2",
      workspaceId: "w2",
      members: [ada],
      labels: [],
      projectTasks: [],
      canAssign: true,
      newId: () => "new-label",
      now: at,
    });

    expect(plan.labels).toEqual([
      { id: "new-label", workspaceId: "w2", name: "Bug", color: "red", createdAt: at },
    ]);
  });

  it("refuses rows assigned to someone outside the workspace, or assigned by a member", () => {
    const parsed = parseCsvTasks("title,assignee_email\nA,nobody@example.com\nB,ada@example.com\n");
    const context = {
      projectId: "p2",
      workspaceId: "w1",
      members: [ada],
      labels: [],
      projectTasks: [],
      newId: () => "x",
      now: at,
    };

    expect(planImport(parsed, { ...context, canAssign: true }).refused).toEqual([
      { row: 2, reason: "nobody@example.com is not a member of this workspace" },
    ]);
    expect(planImport(parsed, { ...context, canAssign: false }).refused).toEqual([
      { row: 2, reason: "nobody@example.com is not a member of this workspace" },
      { row: 3, reason: "only owners and admins can assign tasks" },
    ]);
  });

  it("puts imported tasks after the column's last task, in file order", () => {
    const plan = planImport(parseCsvTasks("title\nFirst\nSecond\n"), {
      projectId: "p1",
      workspaceId: "w1",
      members: [],
      labels: [],
      projectTasks: [task({ position: "a5" })],
      canAssign: false,
      newId: () => "x",
      now: at,
    });

    const [first, second] = plan.tasks.map((t) => t.position ?? "");
    expect("a5" < (first ?? "")).toBe(true);
    expect((first ?? "") < (second ?? "")).toBe(true);
  });
});
