import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectPostgres } from "../db/database.ts";
import { z } from "zod";
import { startServer, type RunningServer } from "../server.ts";
import { POKE_CHANNEL } from "./poke.ts";
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
  signInAgain,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { openPokeStream, pokeStreamRequest, type PokeStream } from "../test/poke-stream.ts";
import { startTestServer, testConfig, type TestServer } from "../test/test-server.ts";

/** Pokes over Server-Sent Events: who is woken, and how fast. */

/** How long a test waits for the server to end a stream: a few periodic session checks. */
const STREAM_END_MS = 15_000;

const labelIn = (workspaceId: string) =>
  m("createLabel", {
    id: newId("l"),
    workspaceId,
    name: "Later",
    color: "blue",
    createdAt: now(),
  });

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

  it("a change inside the quiet window another workspace's change opened still wakes its stream", async () => {
    const elsewhere = await createWorkspace(server, outsider, "Elsewhere");
    const outsiderStream = await open(outsider);
    const memberStream = await open(member);

    // The first change pokes the member at once and opens the instance's window; the second,
    // in another workspace, is within it and goes when it closes.
    await Promise.all([
      new SyncClient(server, owner).push(labelIn(workspaceId)),
      new SyncClient(server, outsider).push(labelIn(elsewhere)),
    ]);

    expect(await memberStream.nextPoke(1000)).toBe(true);
    expect(await outsiderStream.nextPoke(1000)).toBe(true);
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

/**
 * With real Postgres a change reaches the streams a moment after its call answered. Waits until
 * the server has handled every change made so far: a refused mutation of the probe, a person in
 * no workspace whom nothing else names, pokes only the probe, after every earlier change.
 */
async function settle(server: { url: string }, probe: { user: TestUser; stream: PokeStream }) {
  await new SyncClient(server, probe.user).push(m("deleteProject", { id: newId("p") }));
  if (!(await probe.stream.nextPoke(STREAM_END_MS))) throw new Error("the probe was not poked");
}

describe("a poke stream lives only as long as its session", () => {
  let server: TestServer;
  let owner: TestUser;
  let workspaceId: string;
  let probe: { user: TestUser; stream: PokeStream };
  const streams: PokeStream[] = [];
  const open = async (user: TestUser) => {
    const stream = await openPokeStream(server, user);
    streams.push(stream);
    return stream;
  };
  /** Ends the streams a test asked for without reading them. */
  const requests = new AbortController();
  /** A new member of the workspace, signed in on one device. */
  const newMember = async (name: string) => {
    const person = await signUp(server, name);
    await addMember(server, owner, workspaceId, person);
    return person;
  };

  beforeAll(async () => {
    server = await startTestServer();
    owner = await signUp(server, "Owner");
    workspaceId = await createWorkspace(server, owner, "Sessions");
    const probeUser = await signUp(server, "Probe");
    probe = { user: probeUser, stream: await open(probeUser) };
  }, SERVER_START_TIMEOUT);

  afterAll(async () => {
    for (const stream of streams) stream.close();
    requests.abort();
    await server?.stop();
  });

  it("after sign-out the stream ends, and a change made afterwards does not poke it", async () => {
    const person = await newMember("Leaver");
    const laptop = await signInAgain(server, person);
    await settle(server, probe);
    const laptopStream = await open(laptop);
    const phoneStream = await open(person);

    const signedOut = await post(server, "/api/auth/sign-out", {}, laptop);
    expect(signedOut.status).toBe(200);
    await new SyncClient(server, owner).push(labelIn(workspaceId));

    expect(await laptopStream.next(STREAM_END_MS)).toBe("ended");
    // The person's other session keeps its stream.
    expect(await phoneStream.next(STREAM_END_MS)).toBe("poke");
  });

  it("after revoke-sessions from another device, the stream ends and a later change does not poke it", async () => {
    const person = await newMember("Revoker");
    const phone = await signInAgain(server, person);
    await settle(server, probe);
    const stream = await open(person);

    const revoked = await post(server, "/api/auth/revoke-sessions", {}, phone);
    expect(revoked.status).toBe(200);
    await new SyncClient(server, owner).push(labelIn(workspaceId));

    expect(await stream.next(STREAM_END_MS)).toBe("ended");
  });

  it("after the mailed account-deletion link is followed, the stream ends and a later change does not poke it", async () => {
    const person = await newMember("Deleted");
    await settle(server, probe);
    const stream = await open(person);
    await post(server, "/api/auth/delete-user", {}, person);
    const outbox = await fetch(
      `${server.url}/api/dev/outbox?to=${encodeURIComponent(person.email)}`,
    );
    const { mails } = z
      .object({ mails: z.array(z.object({ kind: z.string(), url: z.string().nullable() })) })
      .parse(await outbox.json());
    const link = mails.find((mail) => mail.kind === "delete-account")?.url;

    // Its page's button; better-auth answers with a redirect, which its hooks see as an error.
    const query = Object.fromEntries(new URL(link ?? "").searchParams);
    const followed = await post(server, "/api/auth-links/delete-account", query, person);
    expect(await followed.json()).toMatchObject({ redirect: expect.any(String) });
    await new SyncClient(server, owner).push(labelIn(workspaceId));

    expect(await stream.next(STREAM_END_MS)).toBe("ended");
  });

  it("a session that expires ends its stream", async () => {
    // In no workspace, so nothing pokes the stream.
    const person = await signUp(server, "Expiring");
    const stream = await open(person);

    await server.db.sql`
      update session set "expiresAt" = now() - interval '1 minute' where "userId" = ${person.id}`;

    expect(await stream.next(STREAM_END_MS)).toBe("ended");
  });

  it("one session holds at most 10 streams: the 11th answers 429 TOO_MANY_STREAMS", async () => {
    const person = await signUp(server, "Tabs");
    for (let tab = 0; tab < 10; tab++) await open(person);

    const eleventh = await pokeStreamRequest(server, person);

    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toEqual({
      code: "TOO_MANY_STREAMS",
      message: "Too many live update streams for this session",
    });
    // Another session of the same person has places of its own.
    await expect(open(await signInAgain(server, person))).resolves.toBeDefined();
  });

  it("streams asked for all at once are capped at 10 as well", async () => {
    const person = await signUp(server, "Flood");

    const responses = await Promise.all(
      Array.from({ length: 30 }, () => pokeStreamRequest(server, person, requests.signal)),
    );

    expect(responses.filter((response) => response.status === 200)).toHaveLength(10);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(20);
  });

  it("closing a stream frees its place", async () => {
    const person = await signUp(server, "Closer");
    const firstTab = await open(person);
    for (let tab = 1; tab < 10; tab++) await open(person);

    firstTab.close();

    // The server learns of the close when the end of the connection reaches it.
    let status = 0;
    for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
      status = (await pokeStreamRequest(server, person, requests.signal)).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(200);
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

  it("sign-out through one ends a stream held on the other, and a later change does not poke it", async () => {
    const owner = await signUp(first, "Owner");
    const member = await signUp(first, "Member");
    const workspaceId = await createWorkspace(first, owner, "Two instances, one session");
    await addMember(first, owner, workspaceId, member);
    const probeUser = await signUp(first, "Probe");
    const probe = { user: probeUser, stream: await openPokeStream(second, probeUser) };
    await settle(second, probe);
    probe.stream.close();
    const stream = await openPokeStream(second, member);

    try {
      const signedOut = await post(first, "/api/auth/sign-out", {}, member);
      expect(signedOut.status).toBe(200);
      await new SyncClient(first, owner).push(labelIn(workspaceId));

      expect(await stream.next(STREAM_END_MS)).toBe("ended");
    } finally {
      stream.close();
    }
  });

  it("changes that reach an instance in one burst poke a stream once, then once more when its window ends", async () => {
    const owner = await signUp(first, "Owner");
    const member = await signUp(first, "Member");
    const workspaceId = await createWorkspace(first, owner, "A burst of changes");
    await addMember(first, owner, workspaceId, member);
    const stream = await openPokeStream(second, member);
    // Thirty changes committed together arrive as one burst of notifications, as they do after
    // the instance's event loop was held up: postgres.js hands them over in one loop.
    const sql = connectPostgres(first.database.databaseUrl!, { max: 1, onnotice: () => {} });

    try {
      await sql.begin(async (tx) => {
        // Postgres folds equal notifications of one transaction into one: each names a user.
        for (let i = 0; i < 30; i++) {
          const payload = JSON.stringify({ w: [workspaceId], u: [`nobody-${i}`] });
          await tx`select pg_notify(${POKE_CHANNEL}, ${payload})`;
        }
      });
      let pokes = 0;
      while (await stream.nextPoke(1000)) pokes++;

      expect(pokes).toBe(2);
    } finally {
      stream.close();
      await sql.end();
    }
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
