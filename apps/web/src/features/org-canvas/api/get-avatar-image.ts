import { queryOptions } from "@tanstack/react-query";
import { renewSession } from "../../../lib/api-client.ts";
import { getTokens } from "../../../lib/token-store.ts";

/** Avatars are drawn at most 40 px wide; 2× that for sharp screens. */
const AVATAR_PIXELS = 80;

async function fetchWithToken(url: string, signal?: AbortSignal): Promise<Response> {
  const send = () =>
    fetch(url, {
      headers: { Authorization: `Bearer ${getTokens()?.access_token ?? ""}` },
      credentials: "same-origin",
      signal,
    });
  let response = await send();
  if (response.status === 401 && (await renewSession())) response = await send();
  return response;
}

/**
 * A small square copy of the picture as a data URL: images are served only with the bearer token (so an
 * <img src> cannot load them), a few kilobytes each keep 2,000 staff cheap, and a data URL (unlike a blob
 * URL, which the page's connect-src does not allow fetching) goes into the PNG export as it is.
 */
async function loadAvatar(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetchWithToken(url, signal);
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  const bitmap = await createImageBitmap(await response.blob());
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

export function avatarImageQueryOptions(url: string | null) {
  return queryOptions({
    queryKey: ["image", "avatar", url],
    queryFn: ({ signal }) => loadAvatar(url ?? "", signal),
    enabled: Boolean(url),
    // An image never changes under its id.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    placeholderData: undefined,
  });
}
