import { useState } from "react";
import { isOwnPicture } from "../../shared/pictures.ts";
import { avatarColour, initials } from "./avatar-fallback.ts";
import "./avatar.css";

type AvatarProps = {
  /** The user's id: it picks the colour behind the initials. */
  id: string;
  name: string;
  /**
   * A picture of ours (`/api/pictures/…`); until it loads, when it fails, and for any other
   * address (which would tell another server who looked at whom), the initials show.
   */
  image?: string | null;
  /** 16, 20, 24 or 32 px. */
  size?: "xs" | "sm" | "md" | "lg";
  /** Beside the person's name the avatar only decorates: screen readers skip it. */
  decorative?: boolean;
};

/** Ours, or drawn by the page itself (a data: URL loads nothing from anywhere). */
const showsPicture = (image: string | null | undefined): image is string =>
  typeof image === "string" && (isOwnPicture(image) || image.startsWith("data:image/"));

/**
 * Initials on the person's colour, or their picture over them once it has loaded. Drawn by
 * hand rather than with Base UI's Avatar: it is on every card of a board, and Base UI's is
 * four components and eight hooks where this is one component (two with a picture).
 */
export function Avatar({ id, name, image, size = "sm", decorative = false }: AvatarProps) {
  const letters = initials(name);
  return (
    <span
      className="ui-avatar"
      data-size={size}
      data-colour={avatarColour(id)}
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": name })}
    >
      {showsPicture(image) ? <AvatarPicture key={image} src={image} initials={letters} /> : letters}
    </span>
  );
}

/** The initials until the picture has loaded, and for good when it fails. */
function AvatarPicture({ src, initials }: { src: string; initials: string }) {
  const [state, setState] = useState<"loading" | "loaded" | "failed">("loading");
  return (
    <>
      {state !== "failed" && (
        <img
          className="ui-avatar-image"
          src={src}
          alt=""
          hidden={state !== "loaded"}
          onLoad={() => setState("loaded")}
          onError={() => setState("failed")}
        />
      )}
      {state !== "loaded" && <span className="ui-avatar-initials">{initials}</span>}
    </>
  );
}
