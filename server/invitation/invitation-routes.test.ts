import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { invitationPreviewSchema } from "../../shared/invitation-preview.ts";
import {
  SERVER_START_TIMEOUT,
  createWorkspace,
  post,
  signUp,
  type TestUser,
} from "../test/sync-client.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";

let server: TestServer;
let owner: TestUser;
let workspaceId: string;

const getPreview = (id: string) => fetch(`${server.url}/api/invitations/${id}`);

async function invite(email: string): Promise<string> {
  const response = await post(
    server,
    "/api/auth/organization/invite-member",
    { email, role: "member", organizationId: workspaceId },
    owner,
  );
  expect(response.ok).toBe(true);
  const body: unknown = await response.json();
  return z.object({ id: z.string() }).parse(body).id;
}

beforeAll(async () => {
  server = await startTestServer();
  owner = await signUp(server, "Olivia Owner");
  workspaceId = await createWorkspace(server, owner, "Acme");
}, SERVER_START_TIMEOUT);

afterAll(async () => {
  await server?.stop();
});

describe("the invitation preview", () => {
  it("names the workspace, who invited and the invited address, without a session", async () => {
    const id = await invite("newcomer@example.com");
    const response = await getPreview(id);
    expect(response.status).toBe(200);
    expect(invitationPreviewSchema.parse(await response.json())).toEqual({
      workspaceName: "Acme",
      inviterName: "Olivia Owner",
      email: "newcomer@example.com",
    });
  });

  it("a cancelled or unknown invitation is not found", async () => {
    const id = await invite("changed-mind@example.com");
    await post(server, "/api/auth/organization/cancel-invitation", { invitationId: id }, owner);
    for (const missing of [id, "no-such-invitation"]) {
      const response = await getPreview(missing);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: "NOT_FOUND", message: "Invitation not found" });
    }
  });
});
