/** 1536 → "1.5 KB", 20971520 → "20 MB": sizes as people read them (1 KB = 1024 bytes, like the OS does). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${units[unit]}`;
}

export type AttachmentKind = "image" | "pdf" | "sheet" | "document" | "slides" | "archive" | "text" | "other";

/** Which icon a file gets, from the type the server read out of its content. */
export function attachmentKind(contentType: string): AttachmentKind {
  if (contentType.startsWith("image/") && contentType !== "image/svg+xml") return "image";
  if (contentType === "application/pdf") return "pdf";
  if (contentType.includes("spreadsheet") || contentType === "application/vnd.ms-excel" || contentType === "text/csv") {
    return "sheet";
  }
  if (contentType.includes("presentation") || contentType === "application/vnd.ms-powerpoint") return "slides";
  if (contentType.includes("wordprocessing") || contentType === "application/msword") return "document";
  if (contentType === "application/zip") return "archive";
  if (contentType === "text/plain") return "text";
  return "other";
}
