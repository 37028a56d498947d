import type { RequestHandler } from "express";
import helmet from "helmet";

/**
 * Headers that keep the browser from running, framing or leaking what it should not:
 * a Content-Security-Policy with no inline or foreign script, nosniff, no framing, and HSTS
 * once the app is served over https.
 */
export function securityHeaders({
  https,
  storageOrigin,
}: {
  https: boolean;
  /** The S3 endpoint's origin, where the browser PUTs and GETs attachment bytes. */
  storageOrigin?: string | undefined;
}): RequestHandler {
  const storage = storageOrigin ? [storageOrigin] : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        // sonner (the toasts) injects its stylesheet as a <style> element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: for images in task descriptions, which load on a click.
        imgSrc: ["'self'", "data:", "blob:", "https:", ...storage],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...storage],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Over plain http (trying it out, a LAN) HSTS would be ignored, or worse, stick to a name.
    strictTransportSecurity: https,
    xFrameOptions: { action: "deny" },
    // Links and images to other sites carry no referrer, not even this origin (task URLs name
    // workspaces and tasks); the app's own requests keep theirs.
    referrerPolicy: { policy: "same-origin" },
  });
}
