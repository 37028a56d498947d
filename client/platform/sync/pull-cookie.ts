/** A cookie of a first sync cut short: the server had more pages to send. */
export function hasMore(cookie: unknown): boolean {
  return typeof cookie === "object" && cookie !== null && "more" in cookie && cookie.more === true;
}
