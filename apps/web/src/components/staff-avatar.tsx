import Avatar, { type AvatarProps } from "@mui/material/Avatar";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { firstGrapheme } from "@tasuki/contract/common/cut-text";
import { useEffect, useState } from "react";
import { fetchApiFile } from "../lib/api-blob.ts";
import { displayName } from "../lib/person.ts";

/** Query keys of images the API serves (avatars, uploaded images). */
export const imageKeys = {
  blob: (url: string) => ["image-blob", url] as const,
};

/** An image's bytes; an image never changes under its id, so they are fetched once per session. */
export function imageBlobQueryOptions(url: string) {
  return queryOptions({
    queryKey: imageKeys.blob(url),
    queryFn: async ({ signal }) => (await fetchApiFile(url, { signal })).blob,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    // A failed first load is not toasted (query-client): the initials stand in for the picture.
    placeholderData: undefined,
  });
}

/**
 * An object URL for an image the API serves only with the bearer token (avatars, uploaded images), or
 * null while it loads, when it failed, or when there is no image. The URL is revoked on unmount.
 */
export function useImageObjectUrl(url: string | null | undefined): string | null {
  const { data } = useQuery({ ...imageBlobQueryOptions(url ?? ""), enabled: Boolean(url) });
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data || !url) {
      setObjectUrl(null);
      return;
    }
    const created = URL.createObjectURL(data);
    setObjectUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [data, url]);
  return objectUrl;
}

/**
 * The letter(s) shown without a picture: the first character of the surname for Japanese names (山),
 * the initials for Latin ones (JS).
 */
export function staffInitials(person: { last_name?: string | null; first_name?: string | null }): string {
  const last = person.last_name?.trim() ?? "";
  const first = person.first_name?.trim() ?? "";
  const isLatin = (text: string) => /^[A-Za-z]/.test(text);
  if (isLatin(last) || isLatin(first)) {
    return `${firstGrapheme(first)}${firstGrapheme(last)}`.toUpperCase() || "?";
  }
  return firstGrapheme(last || first) || "?";
}

// Calm colours that keep white text readable; a person keeps theirs everywhere (hashed from the id).
const AVATAR_COLOURS = ["#3949ab", "#00897b", "#6d4c9f", "#c0563b", "#2f6fb5", "#5d7a2c", "#a23e74", "#7a5c2e"];

export function avatarColour(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length] ?? AVATAR_COLOURS[0]!;
}

export interface StaffAvatarProps extends Omit<AvatarProps, "src" | "children"> {
  person: { id?: string; last_name?: string | null; first_name?: string | null; avatar_url?: string | null };
  /** Diameter in pixels; 36 by default. */
  size?: number;
}

/**
 * A staff member's picture, fetched with the bearer token, or their initial on a colour of their own.
 * For use wherever people are shown (lists, pickers, the org chart).
 */
export function StaffAvatar({ person, size = 36, sx, ...props }: StaffAvatarProps) {
  const src = useImageObjectUrl(person.avatar_url);
  const name = displayName(person);
  return (
    <Avatar
      {...props}
      src={src ?? undefined}
      alt={name}
      sx={[
        {
          width: size,
          height: size,
          fontSize: Math.round(size * 0.42),
          fontWeight: 700,
          bgcolor: avatarColour(person.id ?? name),
          color: "#ffffff",
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {staffInitials(person)}
    </Avatar>
  );
}
