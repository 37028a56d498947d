/**
 * Listens to the server's poke stream and pulls on every poke and on every (re)connection,
 * since pokes sent while disconnected are lost. EventSource retries by itself after a dropped
 * connection; when it gives up (an HTTP error such as 401) we pull, which tells whether the
 * session has ended (session-end.ts closes the store then, and this with it), and reconnect
 * with a backoff.
 *
 * The same stream carries `event: presence` and `event: edit` (platform/presence): the tab's
 * presence id goes in the address, so the server drops the tab's presence when the stream closes, and everything
 * heard of presence is forgotten whenever the stream drops, since the server sends the whole
 * lists again when it reopens.
 */
type PresenceFeed = {
  /** This tab's presence id, sent as `?tab=`. */
  tabId: string;
  /** The data of an `event: presence`. */
  onList: (data: string) => void;
  /** The data of an `event: edit`: another tab's description edit, relayed. */
  onEdit: (data: string) => void;
  /** The stream (re)opened, dropped or stopped: the lists heard so far are stale. */
  onReset: () => void;
};

export function listenForPokes(onPoke: () => void, presence?: PresenceFeed): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;
  const url = presence
    ? `/api/replicache/poke?tab=${encodeURIComponent(presence.tabId)}`
    : "/api/replicache/poke";

  const connect = () => {
    source = new EventSource(url, { withCredentials: true });
    source.onopen = () => {
      failures = 0;
      presence?.onReset();
      onPoke();
    };
    // The server names its events `poke`; onmessage only hears unnamed ones.
    source.addEventListener("poke", () => onPoke());
    source.addEventListener("presence", (event) => presence?.onList(event.data));
    source.addEventListener("edit", (event) => presence?.onEdit(event.data));
    source.onerror = () => {
      presence?.onReset();
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      onPoke();
      failures += 1;
      const delay = Math.min(30_000, 500 * 2 ** Math.min(failures, 6));
      retryTimer = setTimeout(connect, delay);
    };
  };
  connect();

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
    presence?.onReset();
  };
}
