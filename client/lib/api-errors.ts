import { toast } from "sonner";

/**
 * The one place a failed call becomes what the person reads (SPEC.md section 8): the server's
 * message when it sent one, the network message when the request never reached it, and the
 * caller's fallback otherwise. Every screen shows it the same way, as an error toast.
 */

/** The server answered with an error: better-auth's `{ message, code }` or our API's `{ code, message }`. */
export class ApiError extends Error {
  constructor(
    readonly serverMessage: string | undefined,
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(serverMessage || `Request failed with status ${status}`);
  }
}

/** The request never reached the server (offline, server down, CORS). */
export class NetworkError extends Error {
  constructor(options?: ErrorOptions) {
    super(networkFailureMessage(), options);
  }
}

function networkFailureMessage(): string {
  return `Failed to connect to API server at ${window.location.origin}. This might be due to CORS configuration issues or the server not running. Please check your environment variables and server status.`;
}

/** fetch() rejects with a TypeError, and only then, when no response came back. */
export function asNetworkError(error: unknown): unknown {
  return error instanceof TypeError ? new NetworkError({ cause: error }) : error;
}

type ErrorBody = { message?: string; code?: string; status: number; statusText: string };
type AuthResult<T> = { data: T; error: null } | { data: null; error: ErrorBody };

/** The data of a better-auth client call, or a thrown ApiError / NetworkError. */
export async function unwrap<T>(call: Promise<AuthResult<T>>): Promise<T> {
  let result: AuthResult<T>;
  try {
    result = await call;
  } catch (error) {
    throw asNetworkError(error);
  }
  if (result.error) {
    const { message, code, status } = result.error;
    throw new ApiError(message, status, code);
  }
  return result.data;
}

export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof NetworkError) return error.message;
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}

/** Shows a failure to the person. Unexpected errors (bugs) also go to the console. */
export function showError(error: unknown, fallback = "Something went wrong"): void {
  if (!(error instanceof ApiError) && !(error instanceof NetworkError)) console.error(error);
  const message = errorMessage(error, fallback);
  // The message is the id: two screens failing on the same call show one toast, not two.
  toast.error(message, { id: message });
}
