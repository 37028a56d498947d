import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import type { PatchOperation, PullResponseV1 } from "replicache";
import { describe, expect, it } from "vitest";
import type { Row } from "./rows/scope-rows.ts";
import { pullGzip, pullJson, sharedPuts } from "./pull-body.ts";

function rows(count: number, title = "Task"): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    return {
      key: `task/${id}`,
      id,
      value: { id, title: `${title} ${i} — “quoted” ✓`, position: `a${i}`, sortOrder: i },
    } as unknown as Row;
  });
}

function answer(patch: PatchOperation[]): PullResponseV1 {
  return {
    cookie: { order: 7, cvrId: randomUUID() },
    lastMutationIDChanges: { [randomUUID()]: 3 },
    patch,
  };
}

/** What the client reads: the gzip answer decompressed, parsed. */
async function received(result: PullResponseV1) {
  return JSON.parse(gunzipSync(await pullGzip(result)).toString("utf8")) as unknown;
}

describe("a pull's answer as bytes", () => {
  it("is the answer's JSON, plain and gzip, with shared runs between its own operations", async () => {
    const first = rows(300);
    const second = rows(2);
    const result = answer([
      { op: "del", key: "task/gone" },
      { op: "put", key: "notification/1", value: { read: false } },
      ...sharedPuts(first),
      { op: "put", key: "sync-scope", value: { projects: ["p"] } },
      ...sharedPuts(second),
    ]);
    expect(pullJson(result).toString("utf8")).toBe(JSON.stringify(result));
    expect(await received(result)).toEqual(JSON.parse(JSON.stringify(result)));
  });

  it("is the same for answers that start with a run, end with one, or carry only part of one", async () => {
    const list = rows(50);
    const ops = sharedPuts(list);
    const cases: PatchOperation[][] = [
      [...ops],
      [{ op: "clear" }, ...ops],
      [...ops, { op: "del", key: "task/x" }],
      // Part of a run (its first 20): written operation by operation, still right.
      ops.slice(0, 20),
      ops.slice(10),
      [],
    ];
    for (const patch of cases) {
      const result = answer(patch);
      expect(pullJson(result).toString("utf8")).toBe(JSON.stringify(result));
      expect(await received(result)).toEqual(JSON.parse(JSON.stringify(result)));
    }
  });

  it("gives every caller with one list of rows the same operations, and a second list its own", () => {
    const list = rows(3);
    expect(sharedPuts(list)).toBe(sharedPuts(list));
    expect(sharedPuts(list)[0]).toEqual({ op: "put", key: list[0]!.key, value: list[0]!.value });
    expect(sharedPuts([...list])).not.toBe(sharedPuts(list));
  });

  it("compresses answers of a wave sharing a large run to a fraction of their JSON", async () => {
    const list = rows(2000, "A task with a longer title to compress");
    const answers = [answer([...sharedPuts(list)]), answer([...sharedPuts(list)])];
    for (const result of answers) {
      const gzip = await pullGzip(result);
      expect(gzip.length).toBeLessThan(pullJson(result).length / 3);
      expect(await received(result)).toEqual(JSON.parse(JSON.stringify(result)));
    }
  });

  it("writes an error answer as it is", async () => {
    const result = { error: "VersionNotSupported", versionType: "pull" } as const;
    expect(pullJson(result).toString("utf8")).toBe(JSON.stringify(result));
    expect(await received(result as unknown as PullResponseV1)).toEqual(result);
  });
});
