/**
 * The rows of one seeded workspace, generated in memory from a fixed random seed: the same
 * options always give the same ids, texts, dates and positions. Written to the database by
 * seed-workspace.ts exactly as the push would write them (server/sync/mutations/task.ts): task
 * numbers 1…n per project with `last_task_number` = n, fractional positions per status, one
 * "created" activity per task and one "comment" activity per comment.
 */
import { Faker, base, en } from "@faker-js/faker";
import { generateNKeysBetween } from "fractional-indexing";
import {
  labelColors,
  type LabelColor,
  type TaskPriority,
  type TaskStatus,
} from "../../shared/entities.ts";

export type SeedOptions = {
  tasks: number;
  /** Projects sharing the tasks; the first one holds the largest share. */
  projects: number;
  /** Projects of equal size (the 100,000-task workspace: ten of 10,000); else halving shares. */
  even?: boolean;
  /** Members besides the owner. */
  members: number;
  /** Makes emails and the random sequence distinct, so several workspaces fit in one database. */
  label: string;
  seed: number;
};

export type SeedPerson = { name: string; email: string; role: "owner" | "admin" | "member" };

export type ProjectRow = {
  id: string;
  name: string;
  key: string;
  icon: string | null;
  description: string;
  lastTaskNumber: number;
  createdAt: Date;
};
export type LabelRow = { id: string; name: string; color: LabelColor; createdAt: Date };
export type TaskRow = {
  id: string;
  projectId: string;
  number: number;
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  /** Index into the people list, or null. */
  assignee: number | null;
  dueDate: string | null;
  position: string;
  createdBy: number;
  createdAt: Date;
  updatedAt: Date;
  labelIds: string[];
};
export type CommentRow = {
  id: string;
  taskId: string;
  author: number;
  body: string;
  createdAt: Date;
};

export type WorkspaceData = {
  name: string;
  slug: string;
  people: SeedPerson[];
  projects: ProjectRow[];
  labels: LabelRow[];
  tasks: TaskRow[];
  comments: CommentRow[];
};

/** Every date is relative to this instant, so runs on different days build the same rows. */
const REFERENCE = Date.UTC(2026, 5, 1, 9, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

const projectNames = [
  ["Web app", "WEB", "🌐"],
  ["Mobile", "MOB", "📱"],
  ["Platform", "PLAT", "🛠️"],
  ["Marketing site", "MKT", "📣"],
  ["Design system", "DS", "🎨"],
  ["Billing", "BILL", "💳"],
  ["Data", "DATA", "📊"],
  ["Support", "SUP", "🎧"],
] as const;

const labelNames = [
  "bug",
  "feature",
  "design",
  "backend",
  "frontend",
  "performance",
  "security",
  "docs",
  "tech debt",
  "customer",
];

/** Board columns hold most tasks; done is the largest, as in any long-lived project. */
const statusWeights: { value: TaskStatus; weight: number }[] = [
  { value: "planned", weight: 8 },
  { value: "to-do", weight: 22 },
  { value: "in-progress", weight: 12 },
  { value: "in-review", weight: 8 },
  { value: "done", weight: 44 },
  { value: "archived", weight: 6 },
];
const priorityWeights: { value: TaskPriority; weight: number }[] = [
  { value: "no-priority", weight: 30 },
  { value: "low", weight: 25 },
  { value: "medium", weight: 25 },
  { value: "high", weight: 15 },
  { value: "urgent", weight: 5 },
];

function seedOf(options: SeedOptions): number {
  let hash = options.seed;
  for (const char of options.label) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(hash);
}

/** How many tasks each project gets: halving shares, the remainder to the first. */
function projectSizes(tasks: number, projects: number): number[] {
  const sizes: number[] = [];
  let left = tasks;
  for (let i = projects - 1; i >= 1; i--) {
    const size = Math.floor(tasks / 2 ** (i + 1));
    sizes.unshift(size);
    left -= size;
  }
  return [left, ...sizes];
}

export function generateWorkspace(options: SeedOptions): WorkspaceData {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(seedOf(options));
  const id = idGenerator(faker.number.int({ min: 1, max: 2 ** 31 - 1 }));
  const prefix = options.label ? `${options.label}-` : "";
  const at = (daysAgo: number) => new Date(REFERENCE - Math.round(daysAgo * DAY_MS));

  const people: SeedPerson[] = [];
  for (let i = 0; i <= options.members; i++) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    people.push({
      name: `${first} ${last}`,
      email: `${prefix}${first}.${last}.${i}@example.com`
        .toLowerCase()
        .replace(/[^a-z0-9.@-]/g, ""),
      role: i === 0 ? "owner" : i === 1 ? "admin" : "member",
    });
  }

  const company = faker.company.name();
  const labels: LabelRow[] = labelNames.map((name, index) => ({
    id: id(),
    name,
    color: labelColors[index % labelColors.length] ?? "gray",
    createdAt: at(400),
  }));

  const projects: ProjectRow[] = [];
  const tasks: TaskRow[] = [];
  const comments: CommentRow[] = [];
  const count = Math.max(1, options.projects);
  const sizes = options.even
    ? Array.from(
        { length: count },
        (_, i) => Math.floor(options.tasks / count) + (i < options.tasks % count ? 1 : 0),
      )
    : projectSizes(options.tasks, count);
  sizes.forEach((size, index) => {
    const [name, key, icon] = projectNames[index % projectNames.length] ?? projectNames[0];
    const round = Math.floor(index / projectNames.length);
    const project: ProjectRow = {
      id: id(),
      name: round ? `${name} ${round + 1}` : name,
      key: round ? `${key}${round + 1}` : key,
      icon,
      description: faker.company.catchPhrase(),
      lastTaskNumber: size,
      createdAt: at(365),
    };
    projects.push(project);

    const projectTasks: TaskRow[] = [];
    for (let number = 1; number <= size; number++) {
      // Older numbers were created earlier: spread over the year before the reference date.
      const createdDaysAgo = 365 - (number / Math.max(1, size)) * 360;
      const createdAt = at(createdDaysAgo);
      const status = faker.helpers.weightedArrayElement(statusWeights);
      const task: TaskRow = {
        id: id(),
        projectId: project.id,
        number,
        title: title(faker),
        description: faker.datatype.boolean({ probability: 0.6 }) ? description(faker) : "",
        status,
        priority: faker.helpers.weightedArrayElement(priorityWeights),
        assignee: faker.datatype.boolean({ probability: 0.75 })
          ? faker.number.int({ min: 0, max: people.length - 1 })
          : null,
        dueDate: faker.datatype.boolean({ probability: 0.3 })
          ? at(createdDaysAgo - faker.number.int({ min: 3, max: 60 }))
              .toISOString()
              .slice(0, 10)
          : null,
        position: "",
        createdBy: faker.number.int({ min: 0, max: people.length - 1 }),
        createdAt,
        updatedAt: at(createdDaysAgo - faker.number.float({ min: 0, max: 5 })),
        labelIds: faker.helpers
          .arrayElements(labels, faker.helpers.weightedArrayElement(labelCountWeights))
          .map((label) => label.id)
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      };
      projectTasks.push(task);
      const commentCount = faker.helpers.weightedArrayElement(commentCountWeights);
      for (let c = 0; c < commentCount; c++) {
        comments.push({
          id: id(),
          taskId: task.id,
          author: faker.number.int({ min: 0, max: people.length - 1 }),
          body: faker.lorem.sentences({ min: 1, max: 3 }),
          createdAt: new Date(
            createdAt.getTime() + (c + 1) * faker.number.int({ min: 1, max: 48 }) * 3_600_000,
          ),
        });
      }
    }
    // Positions within each status, in number order: the board reads top to bottom by age.
    for (const { value: status } of statusWeights) {
      const inStatus = projectTasks.filter((task) => task.status === status);
      const keys = generateNKeysBetween(null, null, inStatus.length);
      inStatus.forEach((task, i) => (task.position = keys[i] ?? "a0"));
    }
    tasks.push(...projectTasks);
  });

  return {
    name: company,
    slug: `${prefix}${faker.helpers.slugify(company).toLowerCase()}`.slice(0, 60),
    people,
    projects,
    labels,
    tasks,
    comments,
  };
}

const labelCountWeights = [
  { value: 0, weight: 35 },
  { value: 1, weight: 40 },
  { value: 2, weight: 20 },
  { value: 3, weight: 5 },
];
const commentCountWeights = [
  { value: 0, weight: 70 },
  { value: 1, weight: 18 },
  { value: 2, weight: 8 },
  { value: 4, weight: 4 },
];

const ID_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-";

/**
 * 21-character ids like nanoid's, from a small seeded generator (mulberry32): faker's own
 * nanoid costs ~0.1 ms an id, seconds for a large workspace.
 */
function idGenerator(seed: number): () => string {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return () => {
    let id = "";
    for (let i = 0; i < 21; i++) id += ID_ALPHABET[Math.floor(next() * 64)];
    return id;
  };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function title(faker: Faker): string {
  const shape = faker.number.int({ min: 0, max: 4 });
  switch (shape) {
    case 0:
      return capitalize(
        `${faker.hacker.verb()} the ${faker.hacker.adjective()} ${faker.hacker.noun()}`,
      );
    case 1:
      return `Fix ${faker.hacker.noun()} ${faker.helpers.arrayElement(["crash", "timeout", "flicker", "typo", "race"])} on ${faker.commerce.department().toLowerCase()} page`;
    case 2:
      return capitalize(`${faker.company.buzzVerb()} ${faker.company.buzzNoun()}`);
    case 3:
      return `Add ${faker.commerce.productAdjective().toLowerCase()} ${faker.hacker.noun()} to ${faker.commerce.department().toLowerCase()}`;
    default:
      return capitalize(faker.hacker.phrase().replace(/[.!]$/, ""));
  }
}

function description(faker: Faker): string {
  const parts = [faker.lorem.paragraph({ min: 1, max: 4 })];
  if (faker.datatype.boolean({ probability: 0.4 })) {
    const steps = faker.number.int({ min: 2, max: 5 });
    parts.push(
      "## Steps",
      Array.from({ length: steps }, () => `- ${faker.hacker.phrase()}`).join("\n"),
    );
  }
  return parts.join("\n\n");
}
