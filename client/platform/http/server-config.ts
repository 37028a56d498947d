import { useEffect, useState } from "react";
import { z } from "zod";
import { DEFAULT_MAX_UPLOAD_MB } from "../../../shared/attachments.ts";
import { showError } from "../../lib/api-errors.ts";
import { getJson } from "./get-json.ts";

/** `GET /api/config` (server/config-routes.ts): what the client needs before anyone signs in. */
const serverConfigSchema = z.object({
  disableRegistration: z.boolean(),
  socialProviders: z.array(z.string()).catch([]),
  oidcProvider: z.object({ id: z.string(), name: z.string() }).nullable().catch(null),
  maxUploadMb: z.number().int().positive().catch(DEFAULT_MAX_UPLOAD_MB),
});

export type ServerConfig = z.infer<typeof serverConfigSchema>;

let cached: Promise<ServerConfig> | undefined;

/** Fetched once per page load; a failure is not cached, so the next call tries again. */
export function loadServerConfig(): Promise<ServerConfig> {
  cached ??= getJson("/api/config", serverConfigSchema).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

/** The config, or undefined while it loads or when it could not be loaded (shown as a toast). */
export function useServerConfig(): ServerConfig | undefined {
  const [config, setConfig] = useState<ServerConfig>();
  useEffect(() => {
    let current = true;
    loadServerConfig().then(
      (loaded) => {
        if (current) setConfig(loaded);
      },
      (error: unknown) => {
        if (current) showError(error, "Failed to load the server configuration");
      },
    );
    return () => {
      current = false;
    };
  }, []);
  return config;
}
