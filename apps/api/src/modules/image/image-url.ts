/** Where the web app fetches an image (with its bearer token); see the image module. */
export function imageUrl(imageId: string | null): string | null {
  return imageId ? `/app/image/${imageId}` : null;
}
