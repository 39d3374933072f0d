import { queryOptions } from "@tanstack/react-query";
import { imageBlobQueryOptions } from "../../../components/staff-avatar.tsx";
import { orgCanvasKeys } from "./org-canvas-keys.ts";

/** Avatars are drawn at most 32 px wide on the chart; 2.5× that for sharp screens and the PNG export. */
const AVATAR_PIXELS = 80;

/**
 * A small square copy of a staff picture as a data URL. The bytes come from the shared image cache (the
 * staff page's avatars: fetched once, with the bearer token); the chart keeps a few-kilobyte copy because
 * 2,000 full pictures would be heavy, and because a data URL draws straight into the PNG export.
 */
export function avatarImageQueryOptions(url: string | null) {
  return queryOptions({
    queryKey: orgCanvasKeys.avatarThumbnail(url),
    queryFn: async ({ client }) => {
      const blob = await client.fetchQuery(imageBlobQueryOptions(url ?? ""));
      return thumbnail(blob);
    },
    enabled: Boolean(url),
    // An image never changes under its id.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    placeholderData: undefined,
  });
}

async function thumbnail(blob: Blob): Promise<string> {
  const bitmap = await createImageBitmap(blob);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const canvas = document.createElement("canvas");
    canvas.width = AVATAR_PIXELS;
    canvas.height = AVATAR_PIXELS;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    context.imageSmoothingQuality = "high";
    // Cover: the centred square of the picture.
    context.drawImage(
      bitmap,
      (bitmap.width - side) / 2,
      (bitmap.height - side) / 2,
      side,
      side,
      0,
      0,
      AVATAR_PIXELS,
      AVATAR_PIXELS,
    );
    return canvas.toDataURL("image/webp", 0.85);
  } finally {
    bitmap.close();
  }
}
