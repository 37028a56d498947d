import { useId, useState, type ChangeEvent } from "react";
import { showError } from "../../lib/api-errors.ts";
import { pictureAccept, uploadPicture } from "./upload-picture.ts";
import { Avatar } from "../../ui/avatar.tsx";
import { Button, buttonProps } from "../../ui/button.tsx";

type PictureFieldProps = {
  label: string;
  /** The person's or workspace's id and name, for the initials shown without a picture. */
  owner: { id: string; name: string };
  /** The picture's address (`/api/pictures/…`), or null for none. */
  value: string | null;
  onChange: (url: string | null) => void;
  disabled?: boolean;
};

/** A picture of ours: chosen from the device, made a small square and stored, or removed. */
export function PictureField({ label, owner, value, onChange, disabled }: PictureFieldProps) {
  const inputId = useId();
  const [uploading, setUploading] = useState(false);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setUploading(true);
    uploadPicture(file)
      .then(onChange, (error: unknown) => showError(error, "The picture could not be uploaded"))
      .finally(() => setUploading(false));
  };

  return (
    <div className="field">
      <div className="field-label-row">
        {/* The file input carries the name; its visible button is the label below. */}
        <span aria-hidden="true">{label}</span>
      </div>
      <div className="picture-field">
        <Avatar id={owner.id} name={owner.name || "?"} image={value} size="lg" decorative />
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={pictureAccept}
          aria-label={label}
          disabled={disabled || uploading}
          onChange={choose}
        />
        <label
          htmlFor={inputId}
          {...buttonProps({ size: "lg" })}
          aria-disabled={disabled || uploading}
        >
          {uploading ? "Uploading…" : value ? "Change picture" : "Upload picture"}
        </label>
        {value && (
          <Button
            variant="ghost"
            size="lg"
            disabled={disabled || uploading}
            onClick={() => onChange(null)}
          >
            Remove
          </Button>
        )}
      </div>
    </div>
  );
}
