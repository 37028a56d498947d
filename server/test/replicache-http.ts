/**
 * Replicache's puller and pusher for a store running in Node against the real server: what its
 * default fetch-based ones do in a browser, with the test user's session cookie (Node's fetch
 * keeps no cookies). The pusher can be taken offline and records each request it sends.
 */
import type { Puller, Pusher, PushResponse } from "replicache";
import { z } from "zod";
import { post, type TestUser } from "./sync-client.ts";

type Server = { url: string };

export function sessionPuller(server: Server, user: TestUser): Puller {
  return async (body) => {
    const response = await post(server, "/api/replicache/pull", body, user);
    return {
      response: await response.json(),
      httpRequestInfo: { httpStatusCode: response.status, errorMessage: "" },
    };
  };
}

type PushRecord = { mutations: number; bytes: number; status: number };

/**
 * Whether the pusher reaches the server, what it sent while it did, and how many of its
 * requests are on their way now.
 */
export type Network = { online: boolean; pushes: PushRecord[]; sending: number };

export const newNetwork = (): Network => ({ online: true, pushes: [], sending: 0 });

const pushResponseSchema = z.union([
  z.object({ error: z.literal("ClientStateNotFound") }),
  z.object({
    error: z.literal("VersionNotSupported"),
    versionType: z.enum(["pull", "push", "schema"]).optional(),
  }),
]);

/** Like Replicache's default pusher: a success body is ignored, only error bodies count. */
export function sessionPusher(server: Server, user: TestUser, network = newNetwork()): Pusher {
  return async (body) => {
    // What fetch does without a network; Replicache backs off and tries again.
    if (!network.online) throw new TypeError("Failed to fetch");
    const text = JSON.stringify(body);
    network.sending++;
    const response = await post(server, "/api/replicache/push", text, user).finally(
      () => network.sending--,
    );
    const mutations = body.pushVersion === 1 ? body.mutations.length : 0;
    network.pushes.push({ mutations, bytes: Buffer.byteLength(text), status: response.status });
    const httpRequestInfo = { httpStatusCode: response.status, errorMessage: "" };
    if (response.status !== 200) return { httpRequestInfo };
    const result = pushResponseSchema.safeParse(await response.json());
    const pushResponse: PushResponse | undefined = result.success ? result.data : undefined;
    return pushResponse ? { response: pushResponse, httpRequestInfo } : { httpRequestInfo };
  };
}
