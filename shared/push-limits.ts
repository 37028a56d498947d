/**
 * How much one push may carry (server/sync/README.md "Push limits"). Replicache puts every
 * pending mutation in each push, so after a long offline spell a push could hold thousands;
 * the client splits them into requests within both limits (client/platform/sync/
 * batched-push.ts), and the server applies at most MAX_MUTATIONS_PER_PUSH of any request.
 */

/** Mutations applied per request: a few seconds of one server instance at most. */
export const MAX_MUTATIONS_PER_PUSH = 500;

/**
 * The client's budget for one request's body, in bytes of JSON. The largest single mutation
 * (a task with a 100,000-character description, every character escaped) is about 0.6 MB,
 * so one always fits.
 */
export const PUSH_BATCH_BYTES = 1024 * 1024;

/**
 * The server refuses a bigger push body (413 PAYLOAD_TOO_LARGE): four times what the client
 * ever sends, so only a client that does not split its pushes meets it.
 */
export const PUSH_BODY_LIMIT_BYTES = 4 * PUSH_BATCH_BYTES;
