import compression from "compression";
import type { RequestHandler } from "express";

/** Below this an answer goes as it is: compressing it would save less than the headers cost. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (a first pull's pages are about 2 MB of JSON) for clients that accept
 * it, brotli first. Never an event stream: a compressor holds its output back until it has a
 * block's worth, so the pokes would wait. The built client arrives compressed already
 * (static-client.ts), which `compression` leaves alone.
 */
export function responseCompression(): RequestHandler {
  return compression({
    threshold: THRESHOLD_BYTES,
    filter: (req, res) =>
      !String(res.getHeader("Content-Type")).startsWith("text/event-stream") &&
      compression.filter(req, res),
  });
}
