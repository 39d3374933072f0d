/** The path of an image under the API; the task list's statement builds the same URLs in SQL (task.repository). */
export const IMAGE_PATH = "/app/image/";

/** Where the web app fetches an image (with its bearer token); see the image module. */
export function imageUrl(imageId: string | null): string | null {
  return imageId ? `${IMAGE_PATH}${imageId}` : null;
}
