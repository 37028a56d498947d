import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../server.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  post,
  removeMember,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, testConfig, type TestServer } from "../test/test-server.ts";

/** Pokes over Server-Sent Events: who is woken, and how fast. */

type PokeStream = {
  headers: Headers;
  /** Resolves true at the next poke, false when none comes within `ms`. */
  nextPoke: (ms: number) => Promise<boolean>;
  close: () => void;
};

async function openPokeStream(server: { url: string }, user: TestUser): Promise<PokeStream> {
  const abort = new AbortController();
  const response = await fetch(`${server.url}/api/replicache/poke`, {
    headers: { Cookie: user.cookie },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body)
    throw new Error(`poke answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let pending: Promise<ReadableStreamReadResult<string>> | undefined;
  const nextPoke = async (ms: number) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const index = buffer.indexOf("event: poke");
      if (index >= 0) {
        buffer = buffer.slice(index + "event: poke".length);
        return true;
      }
      const left = deadline - Date.now();
      if (left <= 0) return false;
      pending ??= reader.read();
      const timeout = new Promise<"timeout">((resolve) =>
        setTimeout(() => resolve("timeout"), left),
      );
      const result = await Promise.race([pending, timeout]);
      if (result === "timeout") return false;
      pending = undefined;
      if (result.done) return false;
      buffer += result.value;
    }
  };
  return { headers: response.headers, nextPoke, close: () => abort.abort() };
}

describe("pokes on one server", () => {
  let server: TestServer;
  let owner: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let workspaceId: string;
  const streams: PokeStream[] = [];
  const open = async (user: TestUser) => {
    const stream = await openPokeStream(server, user);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    server = await startTestServer();
    [owner, member, outsider] = await Promise.all([
      signUp(server, "Owner"),
      signUp(server, "Member"),
      signUp(server, "Outsider"),
    ]);
    workspaceId = await createWorkspace(server, owner, "Pokes");
    await addMember(server, owner, workspaceId, member);
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server?.stop();
  });

  it("the stream is an unbuffered event stream", async () => {
    const stream = await open(member);

    expect(stream.headers.get("content-type")).toBe("text/event-stream");
    expect(stream.headers.get("x-accel-buffering")).toBe("no");
  });

  it("a push wakes the other members' streams within a second, and not an outsider's", async () => {
    const memberStream = await open(member);
    const outsiderStream = await open(outsider);

    await new SyncClient(server, owner).push(
      m("createLabel", {
        id: newId("l"),
        workspaceId,
        name: "Poke",
        color: "blue",
        createdAt: now(),
      }),
    );

    expect(await memberStream.nextPoke(1000)).toBe(true);
    expect(await outsiderStream.nextPoke(300)).toBe(false);
  });

  it("two changes in quick succession wake a stream twice: the second is not swallowed", async () => {
    const memberStream = await open(member);
    const writer = new SyncClient(server, owner);
    const label = () =>
      m("createLabel", {
        id: newId("l"),
        workspaceId,
        name: "Quick",
        color: "red",
        createdAt: now(),
      });

    await writer.push(label());
    await writer.push(label());

    // The first poke goes at once; the second change, inside the first one's quiet window,
    // gets a poke of its own when the window ends (or at once, if it came after it).
    expect(await memberStream.nextPoke(1000)).toBe(true);
    expect(await memberStream.nextPoke(1000)).toBe(true);
  });

  it("a refused mutation pokes its author, so the notice arrives", async () => {
    const memberStream = await open(member);

    await new SyncClient(server, member).push(m("deleteProject", { id: newId("p") }));

    expect(await memberStream.nextPoke(1000)).toBe(true);
  });

  it("renaming the workspace and removing a member poke the people concerned", async () => {
    const other = await signUp(server, "Other");
    await addMember(server, owner, workspaceId, other);
    const memberStream = await open(member);
    const otherStream = await open(other);

    await post(
      server,
      "/api/auth/organization/update",
      { organizationId: workspaceId, data: { name: "Renamed" } },
      owner,
    );
    expect(await memberStream.nextPoke(1000)).toBe(true);
    expect(await otherStream.nextPoke(1000)).toBe(true);

    await removeMember(server, owner, workspaceId, other);
    expect(await otherStream.nextPoke(1000)).toBe(true);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("pokes across two server processes", () => {
  let first: TestServer;
  let second: RunningServer;

  beforeAll(async () => {
    first = await startTestServer();
    // Same database and data folder (so the same auth secret), another port.
    second = await startServer(testConfig(first.database));
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    await second?.close();
    await first?.stop();
  });

  it("a push through one wakes a stream connected to the other within a second", async () => {
    const owner = await signUp(first, "Owner");
    const member = await signUp(first, "Member");
    const workspaceId = await createWorkspace(first, owner, "Two instances");
    await addMember(first, owner, workspaceId, member);
    const stream = await openPokeStream(second, member);

    try {
      const started = Date.now();
      await new SyncClient(first, owner).push(
        m("createLabel", {
          id: newId("l"),
          workspaceId,
          name: "Far",
          color: "teal",
          createdAt: now(),
        }),
      );

      expect(await stream.nextPoke(1000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      stream.close();
    }
  });
});
