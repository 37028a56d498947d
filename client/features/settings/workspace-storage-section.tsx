import { useCallback } from "react";
import { z } from "zod";
import { formatFileSize, formatQuota } from "../../../shared/attachments.ts";
import { ApiDataPending } from "../../platform/http/api-data-pending.tsx";
import { getJson } from "../../platform/http/get-json.ts";
import { useApiData } from "../../platform/http/use-api-data.ts";

const storageSchema = z.object({
  usedBytes: z.number().nonnegative(),
  quotaBytes: z.number().positive().nullable(),
});

/**
 * The space the workspace's files take, against its quota (ATTACHMENT_QUOTA_MB): every member
 * sees it, since everyone adding files meets the limit.
 */
export function WorkspaceStorageSection({ workspaceId }: { workspaceId: string }) {
  const load = useCallback(
    () => getJson(`/api/workspaces/${encodeURIComponent(workspaceId)}/storage`, storageSchema),
    [workspaceId],
  );
  const storage = useApiData(load, "Failed to load the space used");
  const { data } = storage;

  return (
    <section className="settings-section" aria-labelledby="workspace-storage">
      <h2 id="workspace-storage">Storage</h2>
      {!data ? (
        <ApiDataPending state={storage} what="the space used" />
      ) : data.quotaBytes === null ? (
        <p>
          Files take <strong>{formatFileSize(data.usedBytes)}</strong>. This server sets no limit.
        </p>
      ) : (
        <div className="storage-meter">
          <p>
            <strong>{formatFileSize(data.usedBytes)}</strong> of{" "}
            {formatQuota(data.quotaBytes / (1024 * 1024))} used by files
          </p>
          <progress
            className="storage-meter-bar"
            aria-label="Space used by files"
            max={data.quotaBytes}
            value={Math.min(data.usedBytes, data.quotaBytes)}
            data-full={data.usedBytes >= data.quotaBytes * 0.9 || undefined}
          />
          <p className="muted">
            Files attached to tasks count until they are deleted; files of deleted tasks do not.
          </p>
        </div>
      )}
    </section>
  );
}
