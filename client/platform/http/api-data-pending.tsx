import type { ApiData } from "./use-api-data.ts";
import "../../styles/offline.css";

type ApiDataPendingProps = {
  state: Pick<ApiData<unknown>, "offline" | "failed" | "reload">;
  /** What is being loaded, as it reads in a sentence: "the members list". */
  what: string;
};

/**
 * What a screen shows in place of data it needs from the server and does not have: that it is
 * loading, that it needs the network (offline; it loads once the network is back), or that it
 * could not be loaded, with a way to try again.
 */
export function ApiDataPending({ state, what }: ApiDataPendingProps) {
  if (state.offline) {
    return (
      <p className="offline-notice" role="status">
        You are offline. Loading {what} needs a network connection; it will load when you are back
        online.
      </p>
    );
  }
  if (state.failed) {
    return (
      <p className="muted">
        {capitalized(what)} could not be loaded.{" "}
        <button type="button" className="link-button" onClick={state.reload}>
          Try again
        </button>
      </p>
    );
  }
  return <p className="muted">Loading…</p>;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
