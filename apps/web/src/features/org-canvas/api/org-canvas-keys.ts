/** Query keys of the org chart's own data (the groups it draws are under the group feature's keys). */
export const orgCanvasKeys = {
  avatarThumbnail: (url: string | null) => ["image", "avatar-thumbnail", url] as const,
};
