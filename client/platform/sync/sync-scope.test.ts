import type { Puller, PullRequestV1, PullerResult } from "replicache";
import { describe, expect, it } from "vitest";
import type { Relation } from "../../../shared/entities.ts";
import { pullingScope, relatedProjects } from "./sync-scope.ts";

const relation = (taskProjectId?: string, relatedProjectId?: string): Relation => ({
  id: "r",
  workspaceId: "w",
  taskId: "a",
  relatedTaskId: "b",
  kind: "blocks",
  createdBy: null,
  createdAt: "2026-11-24T00:00:00.000Z",
  ...(taskProjectId ? { taskProjectId } : {}),
  ...(relatedProjectId ? { relatedProjectId } : {}),
});

describe("the projects a synced project's relations bring", () => {
  it("names the other side's project when only one side is synced, either way round", () => {
    const synced = new Set(["web"]);
    expect(
      relatedProjects(
        [relation("web", "ops"), relation("app", "web"), relation("web", "web")],
        synced,
      ),
    ).toEqual(["app", "ops"]);
  });

  it("names none for relations between projects not synced, or of unknown projects", () => {
    expect(
      relatedProjects([relation("app", "ops"), relation(undefined, "ops")], new Set(["web"])),
    ).toEqual([]);
  });
});

describe("a pull through the sync scope", () => {
  it("names the scope's projects and tasks as they are when the pull is sent", async () => {
    const sent: unknown[] = [];
    const inner: Puller = (request) => {
      sent.push(request);
      return Promise.resolve({
        httpRequestInfo: { httpStatusCode: 200, errorMessage: "" },
      } as PullerResult);
    };
    let list = ["web"];
    let tasks = ["t1"];
    const puller = pullingScope(inner, {
      projects: { list: () => list },
      tasks: { list: () => tasks },
    });
    const request: PullRequestV1 = {
      pullVersion: 1,
      clientGroupID: "g",
      cookie: null,
      profileID: "p",
      schemaVersion: "1",
    };
    await puller(request, "1");
    list = ["ops", "web"];
    tasks = ["t2", "t1"];
    await puller(request, "2");
    expect(sent).toEqual([
      { ...request, projects: ["web"], tasks: ["t1"] },
      { ...request, projects: ["ops", "web"], tasks: ["t2", "t1"] },
    ]);
  });
});
