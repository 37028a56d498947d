/**
 * One simulated person in the crowded workspace (scripts/load.ts): a Replicache client group
 * speaking the protocol directly over real HTTP, with its poke stream (SSE) open as a tab keeps
 * it. Every poke schedules a pull (one at a time: pokes during a pull make one more pull after
 * it, as Replicache does); the store is the patch applied in order.
 */
import { randomUUID } from "node:crypto";
import type { ReadonlyJSONValue } from "replicache";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";

export type Sent = { name: string; args: Record<string, unknown> };

export type ClientFigures = {
  pushMs: number[];
  pullMs: number[];
  pokes: number;
  errors: Map<string, number>;
  mutations: number;
};

type PullBody = {
  cookie: unknown;
  lastMutationIDChanges: Record<string, number>;
  patch: { op: "put" | "del" | "clear"; key: string; value?: ReadonlyJSONValue }[];
};

export class LoadClient {
  readonly clientGroupID = randomUUID();
  readonly clientID = randomUUID();
  readonly store = new Map<string, ReadonlyJSONValue>();
  readonly figures: ClientFigures = {
    pushMs: [],
    pullMs: [],
    pokes: 0,
    errors: new Map(),
    mutations: 0,
  };
  /** When the last pull that changed the store ended. */
  lastChangeAt = 0;
  /** When this client's last push was answered. */
  lastPushEnd = 0;
  private lastMutationID = 0;
  private confirmed = 0;
  private cookie: unknown = null;
  private pulling: Promise<void> | null = null;
  private pullAgain = false;
  private readonly abort = new AbortController();

  constructor(
    readonly baseUrl: string,
    private readonly cookieHeader: string,
  ) {}

  /** How long since this client last pulled or asked to (0 while a pull is in flight). */
  idleFor(): number {
    return this.pulling ? 0 : performance.now() - this.lastPullEnd;
  }

  private lastPullEnd = 0;

  /** Mutations the server has not confirmed yet. */
  get unconfirmed(): number {
    return this.lastMutationID - this.confirmed;
  }

  /** Opens the poke stream; resolves once it is connected. */
  async connect(): Promise<void> {
    const response = await fetch(`${this.baseUrl}/api/replicache/poke`, {
      headers: { Cookie: this.cookieHeader },
      signal: this.abort.signal,
    });
    if (response.status !== 200 || !response.body) {
      throw new Error(`poke stream answered ${response.status}`);
    }
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = "";
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let index: number;
          while ((index = buffer.indexOf("\n\n")) >= 0) {
            const event = buffer.slice(0, index);
            buffer = buffer.slice(index + 2);
            if (event.startsWith("event: poke")) {
              this.figures.pokes++;
              this.schedulePull();
            }
          }
        }
      } catch {
        // Closed at the end of the run.
      }
      if (!this.abort.signal.aborted) this.count("poke stream ended");
    })();
  }

  close() {
    this.abort.abort();
  }

  /** Pulls now, or once more after the pull in flight. Resolves when the store is current. */
  schedulePull(): Promise<void> {
    if (this.pulling) {
      this.pullAgain = true;
      return this.pulling;
    }
    this.pulling = (async () => {
      do {
        this.pullAgain = false;
        await this.pullOnce();
      } while (this.pullAgain);
      this.lastPullEnd = performance.now();
      this.pulling = null;
    })();
    return this.pulling;
  }

  /** Pushes one mutation in a request of its own, as a person's single change goes. */
  async push(mutation: Sent): Promise<void> {
    const body = {
      pushVersion: 1,
      clientGroupID: this.clientGroupID,
      profileID: "load",
      schemaVersion: SCHEMA_VERSION,
      mutations: [
        {
          clientID: this.clientID,
          id: ++this.lastMutationID,
          name: mutation.name,
          args: mutation.args,
          timestamp: Date.now(),
        },
      ],
    };
    const started = performance.now();
    try {
      const response = await this.post("/api/replicache/push", body);
      await response.arrayBuffer();
      this.lastPushEnd = performance.now();
      this.figures.pushMs.push(this.lastPushEnd - started);
      if (response.status === 200) this.figures.mutations++;
      else this.count(`push ${response.status}`);
    } catch (error) {
      this.count(`push ${(error as Error).name}`);
    }
  }

  private async pullOnce() {
    const started = performance.now();
    try {
      const response = await this.post("/api/replicache/pull", {
        pullVersion: 1,
        clientGroupID: this.clientGroupID,
        cookie: this.cookie,
        profileID: "load",
        schemaVersion: SCHEMA_VERSION,
      });
      if (response.status !== 200) {
        await response.arrayBuffer();
        this.count(`pull ${response.status}`);
        return;
      }
      const body = (await response.json()) as PullBody;
      this.figures.pullMs.push(performance.now() - started);
      for (const op of body.patch) {
        if (op.op === "clear") this.store.clear();
        else if (op.op === "del") this.store.delete(op.key);
        else this.store.set(op.key, op.value as ReadonlyJSONValue);
      }
      if (body.patch.length > 0) this.lastChangeAt = performance.now();
      this.confirmed = body.lastMutationIDChanges[this.clientID] ?? this.confirmed;
      this.cookie = body.cookie;
      // A first pull comes in pages: the next page at once.
      if (isPartial(body.cookie)) this.pullAgain = true;
    } catch (error) {
      this.count(`pull ${(error as Error).name}`);
    }
  }

  private post(path: string, body: unknown) {
    return fetch(`${this.baseUrl}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Origin: this.baseUrl,
        Cookie: this.cookieHeader,
      },
      body: JSON.stringify(body),
    });
  }

  private count(kind: string) {
    this.figures.errors.set(kind, (this.figures.errors.get(kind) ?? 0) + 1);
  }
}

/** Whether a pull's cookie says `more`: a first pull has pages to come (server/sync/pull.ts). */
function isPartial(cookie: unknown): boolean {
  return typeof cookie === "object" && cookie !== null && "more" in cookie
    ? (cookie as { more: unknown }).more === true
    : false;
}
