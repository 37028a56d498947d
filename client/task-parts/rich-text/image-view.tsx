import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from "@tiptap/react";
import { Maximize2 } from "lucide-react";
import { useContext, useEffect, useState } from "react";
import { attachmentIdOf } from "../../../shared/attachments.ts";
import { useUploadProgress } from "../../platform/use-attachments.ts";
import { Dialog, DialogContent } from "../../ui/dialog.tsx";
import { classNames } from "../../ui/class-names.ts";
import { AttachmentImages } from "./editor-context.tsx";

/** Tries of an attachment's image that failed, and the first wait before the next. */
const RETRIES = 6;
const RETRY_MS = 400;

/**
 * An image in the editor, as the read-only views show one (lib/markdown.ts): an attachment's
 * image loads at once (its local copy, marked as uploading, while its bytes are on their way);
 * any other waits for a click, so that no tracker learns who read the text. A loaded image
 * opens full size in a dialog.
 */
function ImageView({ node, selected }: ReactNodeViewProps) {
  const attachmentImage = useContext(AttachmentImages);
  const [allowed, setAllowed] = useState(false);
  const [open, setOpen] = useState(false);
  // An attachment's image asked for before its bytes reached the server fails (409): it is
  // asked for again a moment later, a few times, each wait twice the last.
  const [failures, setFailures] = useState(0);
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(false), RETRY_MS * 2 ** (failures - 1));
    return () => clearTimeout(timer);
  }, [waiting, failures]);
  const src = String(node.attrs.src ?? "");
  const alt = String(node.attrs.alt ?? "");
  const id = attachmentIdOf(src);
  const state = id ? attachmentImage?.(id) : undefined;
  const shown = state?.localUrl ?? (id && !state?.pending ? src : allowed ? src : null);
  // The file's row arriving (after an edit relayed ahead of the pull that brings it) starts the
  // asking again, with a new image: it may have failed while the bytes were on their way.
  const known = state !== undefined;
  const [knownBefore, setKnownBefore] = useState(known);
  if (known !== knownBefore) {
    setKnownBefore(known);
    setFailures(0);
    setWaiting(false);
  }

  let content;
  if (id && ((state?.pending && !state.localUrl) || waiting)) {
    content = (
      <span className="markdown-image-pending">
        {alt ? `Uploading ${alt}…` : "Uploading image…"}
      </span>
    );
  } else if (shown === null) {
    content = (
      <button
        type="button"
        className="markdown-image-placeholder"
        contentEditable={false}
        data-src={src}
        data-alt={alt || undefined}
        title={alt ? `${alt} (${src})` : src}
        onClick={() => setAllowed(true)}
      >
        {hostOf(src) ? `Load image from ${hostOf(src)}` : "Load embedded image"}
      </button>
    );
  } else {
    content = (
      <>
        <img
          key={known ? "known" : "unknown"}
          src={shown}
          alt={alt}
          // An external image asked for tells its host nothing of the page.
          referrerPolicy={id ? undefined : "no-referrer"}
          draggable={false}
          onError={() => {
            if (!id || failures >= RETRIES) return;
            setFailures(failures + 1);
            setWaiting(true);
          }}
        />
        {state?.pending && id && <UploadBadge id={id} />}
        <button
          type="button"
          className="rich-image-expand"
          aria-label={alt ? `View ${alt} full size` : "View image full size"}
          title="View full size"
          contentEditable={false}
          onClick={() => setOpen(true)}
        >
          <Maximize2 size={14} aria-hidden />
        </button>
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent title={alt || "Image"} size="lg" className="rich-image-lightbox">
            <img src={shown} alt={alt} referrerPolicy={id ? undefined : "no-referrer"} />
          </DialogContent>
        </Dialog>
      </>
    );
  }
  return (
    <NodeViewWrapper
      className={classNames("rich-image", selected && "is-selected")}
      data-drag-handle=""
    >
      {content}
    </NodeViewWrapper>
  );
}

/**
 * Over an image whose bytes are on their way: how far this tab's upload has gone (a bar and a
 * percentage), that it waits (offline, or behind other files), or why it failed; someone
 * else's upload only says it is under way.
 */
function UploadBadge({ id }: { id: string }) {
  const progress = useUploadProgress(id);
  if (!progress) return <span className="rich-image-uploading">Uploading…</span>;
  if (progress.state === "failed") {
    return (
      <span className="rich-image-uploading" data-state="failed" role="alert">
        {progress.message ?? "The upload failed"}
      </span>
    );
  }
  if (progress.state === "waiting") {
    return <span className="rich-image-uploading">Waiting to upload…</span>;
  }
  const percent = progress.total > 0 ? Math.floor((progress.loaded / progress.total) * 100) : 0;
  return (
    <span className="rich-image-uploading">
      <progress className="rich-image-progress" aria-label="Upload" value={percent} max={100} />
      Uploading {percent}%
    </span>
  );
}

function hostOf(src: string): string {
  try {
    return new URL(src, window.location.href).host;
  } catch {
    return "";
  }
}

/** The node view of images in every editor. */
export const imageNodeView = ReactNodeViewRenderer(ImageView);
