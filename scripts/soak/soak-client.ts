/**
 * One simulated person's device in the soak (scripts/soak.ts): Replicache's own client in Node
 * with an in-memory store and the app's mutators (shared/mutators/), pushing and pulling
 * through the load balancer with its session cookie, and listening to the poke stream as the
 * app does (client/platform/sync/poke.ts): a pull on every poke and on every (re)connection.
 * `dropStream` cuts the stream as a network would; it reconnects after 0.1–1 s.
 */
import { Replicache, type Puller, type Pusher, type ReadonlyJSONValue } from "replicache";
import { SCHEMA_VERSION } from "../../shared/schema-version.ts";
import { createMutators } from "../../shared/mutators/mutators.ts";

export type SoakFigures = {
  pushMs: number[];
  pullMs: number[];
  pokes: number;
  /** Failures by kind: an HTTP status or a network error, for pushes, pulls and streams. */
  errors: Map<string, number>;
  mutations: number;
};

export class SoakClient {
  readonly rep: Replicache<ReturnType<typeof createMutators>>;
  readonly figures: SoakFigures = {
    pushMs: [],
    pullMs: [],
    pokes: 0,
    errors: new Map(),
    mutations: 0,
  };
  private stream: AbortController | undefined;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly cookie: string,
    readonly userId: string,
  ) {
    this.rep = new Replicache({
      name: `soak-${crypto.randomUUID()}`,
      kvStore: "mem",
      schemaVersion: SCHEMA_VERSION,
      mutators: createMutators(userId),
      pusher: this.pusher,
      puller: this.puller,
      // Pokes say when; the interval is the app's fallback.
      pullInterval: 60_000,
      logSinks: [],
    });
  }

  /** Opens the poke stream (and keeps it open until `close`). */
  listen(): void {
    if (this.closed) return;
    const abort = new AbortController();
    this.stream = abort;
    void (async () => {
      try {
        const response = await fetch(`${this.url}/api/replicache/poke`, {
          headers: { Cookie: this.cookie },
          signal: abort.signal,
        });
        if (response.status !== 200 || !response.body) {
          this.count(`stream ${response.status}`);
          await response.body?.cancel();
        } else {
          // Connected: what was poked while away is pulled now.
          this.rep.pull().catch(() => {});
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = "";
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffer += value;
            let index;
            while ((index = buffer.indexOf("\n\n")) >= 0) {
              const event = buffer.slice(0, index);
              buffer = buffer.slice(index + 2);
              if (event.startsWith("event: poke")) {
                this.figures.pokes++;
                this.rep.pull().catch(() => {});
              }
            }
          }
        }
      } catch (error) {
        if (!abort.signal.aborted) this.count(`stream ${(error as Error).name}`);
      }
      // Ended by the server (a drain, a restart), cut, or refused: reconnect, as EventSource does.
      if (this.stream === abort && !this.closed) {
        setTimeout(() => this.listen(), 100 + Math.random() * 900);
      }
    })();
  }

  /** Cuts the stream as a dropped network would; it comes back by itself. */
  dropStream(): void {
    this.stream?.abort();
    this.stream = undefined;
    setTimeout(() => this.listen(), 100 + Math.random() * 900);
  }

  async pending(): Promise<number> {
    return (await this.rep.experimentalPendingMutations()).length;
  }

  /** Every key and value in the store. */
  async store(): Promise<Map<string, unknown>> {
    const entries = await this.rep.query((tx) => tx.scan().entries().toArray());
    return new Map(entries);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stream?.abort();
    await this.rep.close();
  }

  private readonly pusher: Pusher = async (body) => {
    const started = performance.now();
    try {
      const response = await this.post("/api/replicache/push", body);
      this.figures.pushMs.push(performance.now() - started);
      if (response.status !== 200 && response.status !== 202) {
        this.count(`push ${response.status}`);
      }
      await response.body?.cancel();
      return { httpRequestInfo: { httpStatusCode: response.status, errorMessage: "" } };
    } catch (error) {
      this.count(`push ${(error as Error).name}`);
      throw error;
    }
  };

  private readonly puller: Puller = async (body) => {
    const started = performance.now();
    try {
      const response = await this.post("/api/replicache/pull", body);
      const httpRequestInfo = { httpStatusCode: response.status, errorMessage: "" };
      if (response.status !== 200) {
        this.count(`pull ${response.status}`);
        await response.body?.cancel();
        return { httpRequestInfo };
      }
      const answer = (await response.json()) as ReadonlyJSONValue;
      this.figures.pullMs.push(performance.now() - started);
      return { response: answer as never, httpRequestInfo };
    } catch (error) {
      this.count(`pull ${(error as Error).name}`);
      throw error;
    }
  };

  private post(path: string, body: unknown): Promise<Response> {
    return fetch(`${this.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: this.url, Cookie: this.cookie },
      body: JSON.stringify(body),
    });
  }

  private count(kind: string) {
    this.figures.errors.set(kind, (this.figures.errors.get(kind) ?? 0) + 1);
  }
}
