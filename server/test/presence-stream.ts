/**
 * A tab as the presence tests need it: its poke stream (opened with `?tab=`), read for
 * `event: presence` and `event: edit`, and its reports, relayed edits and leave.
 */
import type { z } from "zod";
import {
  presenceListSchema,
  relayedEditSchema,
  type PresenceEntry,
} from "../../shared/presence.ts";
import { newId, post, type TestUser } from "./sync-client.ts";

type Server = { url: string };

export type PresenceTab = {
  clientId: string;
  /** The last list of the workspace this tab received, if any. */
  latest(workspaceId: string): PresenceEntry[] | undefined;
  /**
   * Resolves with the workspace's list once one received satisfies `holds` (the latest
   * already received counts); rejects after `ms`.
   */
  until(
    workspaceId: string,
    holds: (entries: PresenceEntry[]) => boolean,
    ms?: number,
  ): Promise<PresenceEntry[]>;
  /** Every list of the workspace received so far. */
  received(workspaceId: string): PresenceEntry[][];
  /** Every description edit relayed to this tab so far (`event: edit`). */
  edits: z.infer<typeof relayedEditSchema>[];
  /** Resolves once an edit has been relayed to this tab whose update is `update`. */
  untilEdit(update: string, ms?: number): Promise<z.infer<typeof relayedEditSchema>>;
  report(body: Record<string, unknown>, through?: Server): Promise<Response>;
  /** `POST /api/presence/edit` as this tab. */
  edit(body: Record<string, unknown>, through?: Server): Promise<Response>;
  leave(through?: Server): Promise<Response>;
  close(): void;
};

/** Opens a poke stream on `server` for `user`, as a browser tab with its own presence id. */
export async function openPresenceTab(server: Server, user: TestUser): Promise<PresenceTab> {
  const clientId = newId("tab");
  const abort = new AbortController();
  const response = await fetch(`${server.url}/api/replicache/poke?tab=${clientId}`, {
    headers: { Cookie: user.cookie },
    signal: abort.signal,
  });
  const body = response.body;
  if (response.status !== 200 || !body) throw new Error(`poke answered ${response.status}`);
  const lists = new Map<string, PresenceEntry[][]>();
  const edits: z.infer<typeof relayedEditSchema>[] = [];
  const waiters = new Set<() => void>();
  void (async () => {
    const reader = body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split("\n");
          const data = lines.find((line) => line.startsWith("data: "))?.slice("data: ".length);
          if (lines.includes("event: edit")) {
            edits.push(relayedEditSchema.parse(JSON.parse(data ?? "")));
            for (const wake of waiters) wake();
            continue;
          }
          if (!lines.includes("event: presence")) continue;
          const list = presenceListSchema.parse(JSON.parse(data ?? ""));
          lists.set(list.workspaceId, [...(lists.get(list.workspaceId) ?? []), list.entries]);
          for (const wake of waiters) wake();
        }
      }
    } catch {
      // Closed by the test.
    }
  })();

  const latest = (workspaceId: string) => lists.get(workspaceId)?.at(-1);
  const waitFor = <T>(found: () => T | undefined, ms: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const value = found();
        if (value === undefined) return;
        cleanup();
        resolve(value);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${what} not received within ${ms} ms`));
      }, ms);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  return {
    clientId,
    latest,
    edits,
    untilEdit: (update, ms = 5_000) =>
      waitFor(() => edits.find((edit) => edit.update === update), ms, "the edit"),
    received: (workspaceId) => lists.get(workspaceId) ?? [],
    until: (workspaceId, holds, ms = 5_000) =>
      waitFor(
        () => {
          const entries = latest(workspaceId);
          return entries && holds(entries) ? entries : undefined;
        },
        ms,
        `a list of ${workspaceId}`,
      ),
    report: (body, through = server) =>
      post(through, "/api/presence", { clientId, idle: false, ...body }, user),
    edit: (body, through = server) =>
      post(through, "/api/presence/edit", { clientId, ...body }, user),
    leave: (through = server) => post(through, "/api/presence/leave", { clientId }, user),
    close: () => abort.abort(),
  };
}
