import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PullResponseOKV1 } from "replicache";
import { taskStoreKey } from "../../shared/keys.ts";
import {
  SERVER_START_TIMEOUT,
  SyncClient,
  addMember,
  createWorkspace,
  m,
  newId,
  now,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import * as clientRows from "./rows/client-rows.ts";
import * as cvrRows from "./rows/cvr-rows.ts";
import { pull, type PullCookie } from "./pull.ts";
import { createPullWaves, type PullWaves } from "./pull-waves.ts";
import { postgresErrorCode, withRetry } from "../db/transaction.ts";

let server: TestServer;
let owner: TestUser;
let member: TestUser;
let workspaceId: string;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, "Olivia Owner");
  member = await signUp(server, "Mo Member");
  workspaceId = await createWorkspace(server, owner, "Acme");
  await addMember(server, owner, workspaceId, member);
  projectId = newId("p");
  await new SyncClient(server, owner).push(
    m("createProject", { id: projectId, workspaceId, name: "Web", key: "WEB", createdAt: now() }),
  );
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

/**
 * Waves of one transaction at a time, the first held open until `release` is called: every
 * pull asked for meanwhile waits, and they all go in the next wave together.
 */
function heldWaves(): { waves: PullWaves; release: () => void } {
  const waves = createPullWaves(server.db.sql, { maxWaves: 1 });
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  void waves.run("holder", () => held);
  return { waves, release };
}

function pullIn(waves: PullWaves, client: SyncClient): Promise<PullResponseOKV1> {
  return pull(server.db.sql, client.user.id, client.pullBody(), { waves }).then((result) =>
    client.apply(result),
  );
}

/** The snapshot of the client view record a cookie names. */
async function snapshotOf(cookie: unknown): Promise<string> {
  const { cvrId } = cookie as PullCookie;
  const [row] = await server.db.sql<{ snapshot: string }[]>`
    select snapshot::text as snapshot from replicache_cvr where id = ${cvrId}`;
  if (!row) throw new Error(`no record ${cvrId}`);
  return row.snapshot;
}

/** A store's rows of the workspace (not the person's own notices or role). */
function workspaceRows(client: SyncClient) {
  return Object.fromEntries(
    [...client.keys("task/"), ...client.keys("project/")].map((key) => [key, client.get(key)]),
  );
}

describe("pulls that wait together are served together", () => {
  it("share one snapshot, and each brings its client what a pull of its own would", async () => {
    // Clients whose records are of different moments: each pulled alone, between changes.
    const crowd: SyncClient[] = [];
    for (const user of [owner, member, owner, member, owner, member]) {
      const client = new SyncClient(server, user);
      await client.pull();
      await new SyncClient(server, owner).push(
        m("createTask", { id: newId("t"), projectId, title: "Between pulls", createdAt: now() }),
      );
      crowd.push(client);
    }
    const editedId = newId("t");
    await new SyncClient(server, member).push(
      m("createTask", { id: editedId, projectId, title: "Last", createdAt: now() }),
    );

    const { waves, release } = heldWaves();
    const answers = crowd.map((client) => pullIn(waves, client));
    release();
    await Promise.all(answers);

    const snapshots = new Set(await Promise.all(crowd.map((c) => snapshotOf(c.cookie))));
    expect(snapshots.size).toBe(1);
    const reference = new SyncClient(server, owner);
    await reference.pull();
    for (const client of crowd) {
      expect(client.get(taskStoreKey(projectId, editedId))).toMatchObject({ title: "Last" });
      expect(workspaceRows(client)).toEqual(workspaceRows(reference));
    }

    // Their next pulls ask from one snapshot: a change reaches every one of them.
    await new SyncClient(server, owner).push(
      m("updateTask", { id: editedId, projectId, title: "Renamed", updatedAt: now() }),
    );
    const again = heldWaves();
    const next = crowd.map((client) => pullIn(again.waves, client));
    again.release();
    for (const answer of await Promise.all(next)) {
      expect(answer.patch).toContainEqual(
        expect.objectContaining({ op: "put", key: taskStoreKey(projectId, editedId) }),
      );
    }
    for (const client of crowd) {
      expect(client.get(taskStoreKey(projectId, editedId))).toMatchObject({ title: "Renamed" });
    }
  });

  it("a second pull of one client group waits for the next wave, and its cookie comes after", async () => {
    const client = new SyncClient(server, owner);
    await client.pull();
    await client.push(
      m("createTask", { id: newId("t"), projectId, title: "Twice", createdAt: now() }),
    );
    const body = client.pullBody();
    const other = new SyncClient(server, member);

    const { waves, release } = heldWaves();
    const first = pull(server.db.sql, owner.id, body, { waves });
    const second = pull(server.db.sql, owner.id, body, { waves });
    const alongside = pullIn(waves, other);
    release();
    const [a, b] = (await Promise.all([first, second, alongside])) as PullResponseOKV1[];

    const orderA = (a!.cookie as PullCookie).order;
    const orderB = (b!.cookie as PullCookie).order;
    expect(orderB).toBeGreaterThan(orderA);
    expect(other.keys("task/").length).toBeGreaterThan(0);
  });

  it("a pull of another person's client group is refused, and the others of its wave are answered", async () => {
    const owners = new SyncClient(server, owner);
    await owners.pull();
    const others = new SyncClient(server, member);

    const { waves, release } = heldWaves();
    const stolen = pull(server.db.sql, member.id, owners.pullBody(), { waves });
    const fine = pullIn(waves, others);
    release();

    await expect(stolen).rejects.toMatchObject({ status: 403, code: "FORBIDDEN" });
    await fine;
    expect(others.keys("task/").length).toBeGreaterThan(0);
  });
});

describe("a wave's transaction", () => {
  it("runs again after a serialization failure, and every pull of it is answered once", async () => {
    const { waves, release } = heldWaves();
    const tries = { failing: 0, other: 0 };

    const failing = waves.run("a", async (tx, commit) => {
      tries.failing++;
      if (tries.failing === 1) {
        await tx.unsafe(`do $$ begin raise exception 'conflict' using errcode = '40001'; end $$`);
      }
      await commit();
      return "a";
    });
    const other = waves.run("b", async (tx) => {
      tries.other++;
      const [row] = await tx<{ n: number }[]>`select 1 as n`;
      return row?.n;
    });
    release();

    await expect(Promise.all([failing, other])).resolves.toEqual(["a", 1]);
    expect(tries).toEqual({ failing: 2, other: 2 });
  });

  it("fails every pull of the wave with a database error that is not worth another try", async () => {
    const { waves, release } = heldWaves();

    const broken = waves.run("a", (tx) => tx`select 1 / 0 as n`);
    const behind = waves.run("b", (tx) => tx`select 1 as n`);
    release();

    const outcomes = await Promise.allSettled([broken, behind]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected");
      if (outcome.status === "rejected") expect(postgresErrorCode(outcome.reason)).toBe("22012");
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)("a push beside a pull of the same client group", () => {
  const order = (groupId: string, isNew: boolean, value: number) =>
    clientRows.cookieOrders.write(server.db.sql, [
      { groupId, userId: owner.id, isNew, order: value },
    ]);
  const readGroup = async (
    tx: Parameters<typeof clientRows.clientGroups.read>[0],
    groupId: string,
  ) => (await clientRows.clientGroups.read(tx, [groupId])).get(groupId);

  it("does not make the pull's write of its cookie order fail", async () => {
    const groupId = newId("g");
    await order(groupId, true, 1);

    // The pull reads the group (its snapshot is taken), a push of the group commits, and the
    // pull then records its cookie order: one try, no serialization failure.
    await withRetry(
      server.db.sql,
      "repeatable read",
      async (tx, commit) => {
        await readGroup(tx, groupId);
        await server.db.sql.begin((push) => clientRows.lockClientGroup(push, groupId, owner.id));
        await commit(
          clientRows.cookieOrders.write(tx, [
            { groupId, userId: owner.id, isNew: false, order: 2 },
          ]),
        );
      },
      1,
    );

    expect(await readGroup(server.db.sql, groupId)).toMatchObject({ cvrVersion: 2 });
  });

  it("is not held back by a pull that wrote its cookie order and record but has not committed", async () => {
    const groupId = newId("g");
    await order(groupId, true, 1);

    // A pull of a wave writes its group's cookie order and record, then waits for the wave's
    // other pulls before the one COMMIT; a push of the group arrives meanwhile.
    const pushed = await withRetry(
      server.db.sql,
      "repeatable read",
      async (tx, commit) => {
        await readGroup(tx, groupId);
        await clientRows.cookieOrders.write(tx, [
          { groupId, userId: owner.id, isNew: false, order: 2 },
        ]);
        await cvrRows.newCvrs.write(tx, [
          {
            id: newId("cvr"),
            clientGroupId: groupId,
            userId: owner.id,
            order: 2,
            snapshot: await cvrRows.currentSnapshot(tx),
            workspaces: {},
            entries: {},
            clientMutationIds: {},
            fingerprint: "",
            partial: null,
          },
        ]);
        const locked = await server.db.sql.begin(async (push) => {
          await push`set local lock_timeout = '2s'`;
          return clientRows.lockClientGroup(push, groupId, owner.id);
        });
        await commit();
        return locked;
      },
      1,
    );

    expect(pushed).toEqual({ userId: owner.id });
  });
});

describe("what every pull of a crowd does besides its rows", () => {
  it("drops a person's records past their age through an index, not a scan of everyone's", async () => {
    // The planner scans a small table whatever the indexes: told not to, it can only use one
    // that fits, which is what the crowd's thousands of records need.
    const plan = await server.db.sql.begin(async (tx) => {
      await tx`set local enable_seqscan = off`;
      const [row] = await tx`
        explain (format json) delete from replicache_cvr
        where user_id = ${owner.id} and created_at < now() - make_interval(days => ${14})`;
      return JSON.stringify(row);
    });
    expect(plan).toContain("replicache_cvr_user_created_idx");
    expect(plan).not.toContain("Seq Scan");
  });
});
