import { z } from "zod";
import { PICTURE_TYPES } from "../../../shared/pictures.ts";
import { ApiError, asNetworkError } from "../../lib/api-errors.ts";
import { parseErrorBody } from "./get-json.ts";

/** The side of the square a picture is stored as: sharp on a 2x screen at the largest avatar. */
const PICTURE_SIZE = 256;

export const pictureAccept = PICTURE_TYPES.join(",");

/**
 * A picture as the server keeps it (shared/pictures.ts): the middle square of the image,
 * PICTURE_SIZE wide, as WebP (PNG where the browser cannot write WebP). A phone's photo of
 * several MB becomes a few KB.
 */
async function squarePicture(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement("canvas");
  canvas.width = PICTURE_SIZE;
  canvas.height = PICTURE_SIZE;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw the picture.");
  context.drawImage(
    bitmap,
    (bitmap.width - side) / 2,
    (bitmap.height - side) / 2,
    side,
    side,
    0,
    0,
    PICTURE_SIZE,
    PICTURE_SIZE,
  );
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, "image/webp", 0.9),
  );
  if (!blob) throw new Error("This browser cannot save the picture.");
  return blob;
}

const uploadedSchema = z.object({ url: z.string() });

/** Stores the picture and returns its address, to set as a person's image or a workspace's logo. */
export async function uploadPicture(file: Blob): Promise<string> {
  let picture: Blob;
  try {
    picture = await squarePicture(file);
  } catch {
    throw new ApiError("This file cannot be read as an image.", 400, "NOT_A_PICTURE");
  }
  let response: Response;
  try {
    response = await fetch("/api/pictures", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": picture.type },
      body: picture,
    });
  } catch (error) {
    throw asNetworkError(error);
  }
  const text = await response.text();
  if (!response.ok) {
    const { message, code } = parseErrorBody(text);
    throw new ApiError(message, response.status, code);
  }
  return uploadedSchema.parse(JSON.parse(text)).url;
}
