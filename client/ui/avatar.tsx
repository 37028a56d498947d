import { Avatar as BaseAvatar } from "@base-ui/react/avatar";
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

export function Avatar({ id, name, image, size = "sm", decorative = false }: AvatarProps) {
  return (
    <BaseAvatar.Root
      className="ui-avatar"
      data-size={size}
      data-colour={avatarColour(id)}
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": name })}
    >
      {showsPicture(image) && <BaseAvatar.Image className="ui-avatar-image" src={image} alt="" />}
      <BaseAvatar.Fallback className="ui-avatar-initials">{initials(name)}</BaseAvatar.Fallback>
    </BaseAvatar.Root>
  );
}
