/**
 * A small typed client for the tests: real better-auth sessions over HTTP (sign-up, workspaces,
 * invitations) and the Replicache push/pull protocol spoken directly, with the pulled patches
 * applied to an in-memory map the way Replicache applies them to its store.
 */
import { randomUUID } from "node:crypto";
import type {
  Cookie,
  MutationV1,
  PullResponseOKV1,
  PullResponseV1,
  ReadonlyJSONValue,
} from "replicache";
import type { Task } from "../../shared/entities.ts";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import type { MutatorArgs, MutatorName } from "../../shared/mutators/mutators.ts";

/** For `beforeAll`: a fresh embedded database and a few sign-ups take a while on a busy machine. */
export const SERVER_START_TIMEOUT = 120_000;

export type TestUser = { id: string; name: string; email: string; cookie: string };
type Server = { url: string };

let counter = 0;
/** A unique, readable id for test data. */
export const newId = (prefix = "id") => `${prefix}-${Date.now().toString(36)}-${++counter}`;
export const now = () => new Date().toISOString();

/** POST with the session cookie and the Origin better-auth insists on. */
export async function post(
  server: Server,
  path: string,
  body: unknown,
  user?: TestUser,
): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Origin: server.url,
      ...(user ? { Cookie: user.cookie } : {}),
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} failed: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Signs a person up and verifies their email through the dev outbox; `verify: false` skips that
 * (a production server has no outbox, and signing in needs no verification by default).
 */
export async function signUp(
  server: Server,
  name: string,
  { verify = true }: { verify?: boolean } = {},
): Promise<TestUser> {
  const email = `${name.toLowerCase().replace(/\W+/g, "-")}-${newId("u")}@example.com`;
  const response = await post(server, "/api/auth/sign-up/email", {
    email,
    password: "correct horse battery",
    name,
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const body = (await expectOk(response, "sign-up")) as { user: { id: string } };
  if (verify) await verifyEmail(server, email);
  return { id: body.user.id, name, email, cookie };
}

/**
 * Follows the link of the verification mail in the dev outbox and presses its page's button
 * (accepting invitations needs a verified address).
 */
async function verifyEmail(server: Server, email: string) {
  const outbox = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const { mails } = (await expectOk(outbox, "outbox")) as {
    mails: { kind: string; url: string | null }[];
  };
  const url = mails.find((mail) => mail.kind === "verify-email")?.url;
  if (!url) throw new Error(`no verification mail for ${email}`);
  const query = Object.fromEntries(new URL(url).searchParams);
  const verified = await post(server, "/api/auth-links/verify-email", query);
  if (verified.status >= 400) throw new Error(`verify-email answered ${verified.status}`);
}

export async function createWorkspace(server: Server, owner: TestUser, name: string) {
  const response = await post(
    server,
    "/api/auth/organization/create",
    { name, slug: newId("ws").toLowerCase() },
    owner,
  );
  const body = (await expectOk(response, "create workspace")) as { id: string };
  return body.id;
}

/** Invites `invitee` and accepts as them: the real path a second member takes. */
export async function addMember(
  server: Server,
  owner: TestUser,
  workspaceId: string,
  invitee: TestUser,
  role: "member" | "admin" = "member",
) {
  const invited = await post(
    server,
    "/api/auth/organization/invite-member",
    { email: invitee.email, role, organizationId: workspaceId },
    owner,
  );
  const invitation = (await expectOk(invited, "invite")) as { id: string };
  const accepted = await post(
    server,
    "/api/auth/organization/accept-invitation",
    { invitationId: invitation.id },
    invitee,
  );
  await expectOk(accepted, "accept invitation");
}

export async function removeMember(
  server: Server,
  owner: TestUser,
  workspaceId: string,
  member: TestUser,
) {
  const response = await post(
    server,
    "/api/auth/organization/remove-member",
    { memberIdOrEmail: member.email, organizationId: workspaceId },
    owner,
  );
  await expectOk(response, "remove member");
}

/** The arguments undo sends for a task as the store held it before the delete. */
export function restoreArgs(task: Task): MutatorArgs["restoreTask"] {
  return {
    id: task.id,
    projectId: task.projectId,
    number: task.number,
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    assigneeId: task.assigneeId,
    dueDate: task.dueDate,
    position: task.position,
    labelIds: [...task.labelIds],
    createdBy: task.createdBy,
    createdAt: task.createdAt,
    restoredAt: now(),
  };
}

/** The same person signed in again: another device, another session. */
export async function signInAgain(server: Server, user: TestUser): Promise<TestUser> {
  const response = await post(server, "/api/auth/sign-in/email", {
    email: user.email,
    password: "correct horse battery",
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  return { ...user, cookie };
}

/** better-auth's member row id of a user in a workspace (role changes take it). */
export async function memberIdOf(
  server: Server,
  owner: TestUser,
  workspaceId: string,
  user: TestUser,
): Promise<string> {
  const response = await fetch(
    `${server.url}/api/auth/organization/get-full-organization?organizationId=${workspaceId}`,
    { headers: { Cookie: owner.cookie } },
  );
  const { members } = (await expectOk(response, "get workspace")) as {
    members: { id: string; userId: string }[];
  };
  const id = members.find((row) => row.userId === user.id)?.id;
  if (!id) throw new Error(`${user.email} is not a member of ${workspaceId}`);
  return id;
}

export type Mutation = { [N in MutatorName]: { name: N; args: MutatorArgs[N] } }[MutatorName];

/** Builds a typed mutation: `m("createTask", {...})`. */
export const m = <N extends MutatorName>(name: N, args: MutatorArgs[N]) =>
  ({ name, args }) as Mutation;

/** One browser tab: a client group with one client, and the store its pulls built. */
export class SyncClient {
  readonly clientGroupID: string;
  readonly clientID = randomUUID();
  lastMutationID = 0;
  cookie: Cookie = null;
  readonly store = new Map<string, ReadonlyJSONValue>();
  /** Partial sync: the projects whose tasks the pulls ask for; undefined: every project. */
  projects: string[] | undefined;
  /** With `projects`: the tasks whose history the pulls ask for; undefined: every task's. */
  tasks: string[] | undefined;

  constructor(
    readonly server: Server,
    readonly user: TestUser,
    clientGroupID: string = randomUUID(),
  ) {
    this.clientGroupID = clientGroupID;
  }

  /** Wraps mutations with this client's next ids, as Replicache would. */
  mutations(...mutations: Mutation[]): MutationV1[] {
    return mutations.map((mutation) => ({
      clientID: this.clientID,
      id: ++this.lastMutationID,
      name: mutation.name,
      args: mutation.args,
      timestamp: Date.now(),
    }));
  }

  pushBody(mutations: MutationV1[], overrides: Record<string, unknown> = {}) {
    return {
      pushVersion: 1,
      clientGroupID: this.clientGroupID,
      mutations,
      profileID: "test-profile",
      schemaVersion: SCHEMA_VERSION,
      ...overrides,
    };
  }

  pushRaw(body: unknown): Promise<Response> {
    return post(this.server, "/api/replicache/push", body, this.user);
  }

  /** Pushes the mutations and expects HTTP 200; returns the body. */
  async push(...mutations: Mutation[]): Promise<unknown> {
    const response = await this.pushRaw(this.pushBody(this.mutations(...mutations)));
    return expectOk(response, "push");
  }

  pullRaw(overrides: Record<string, unknown> = {}): Promise<Response> {
    return post(this.server, "/api/replicache/pull", this.pullBody(overrides), this.user);
  }

  /** The body of a pull with this client's group and cookie. */
  pullBody(overrides: Record<string, unknown> = {}) {
    return {
      pullVersion: 1,
      clientGroupID: this.clientGroupID,
      cookie: this.cookie,
      profileID: "test-profile",
      schemaVersion: SCHEMA_VERSION,
      ...(this.projects ? { projects: this.projects } : {}),
      ...(this.tasks ? { tasks: this.tasks } : {}),
      ...overrides,
    };
  }

  /** Pulls and applies the patch; returns the response. */
  async pull(): Promise<PullResponseOKV1> {
    return this.apply((await expectOk(await this.pullRaw(), "pull")) as PullResponseV1);
  }

  /** Applies a pull response as Replicache would: the patch in order, then the cookie. */
  apply(body: PullResponseV1 | { error: string }): PullResponseOKV1 {
    if ("error" in body) throw new Error(`pull answered ${JSON.stringify(body)}`);
    for (const op of body.patch) {
      if (op.op === "clear") this.store.clear();
      else if (op.op === "del") this.store.delete(op.key);
      else this.store.set(op.key, op.value);
    }
    this.cookie = body.cookie;
    return body;
  }

  get(key: string): ReadonlyJSONValue | undefined {
    return this.store.get(key);
  }

  keys(prefix: string): string[] {
    return [...this.store.keys()].filter((key) => key.startsWith(prefix)).sort();
  }

  values<T = Record<string, unknown>>(prefix: string): T[] {
    return this.keys(prefix).map((key) => this.store.get(key) as T);
  }
}
