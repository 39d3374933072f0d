import { previewableAttachmentTypes } from "@tasuki/contract/task/task-attachment.schema";
import { badRequest } from "../../lib/app-error.ts";
import { sniffImageType } from "../image/image-processing.ts";

const startsWith = (data: Buffer, ...bytes: number[]) =>
  data.length >= bytes.length && bytes.every((byte, i) => data[i] === byte);
const ascii = (data: Buffer, text: string, at = 0) =>
  data.length >= at + text.length && data.subarray(at, at + text.length).toString("latin1") === text;

/**
 * Programs are refused whatever their name: Windows (MZ: .exe, .dll, .scr…), Linux (ELF), macOS (Mach-O, also
 * Java classes behind 0xCAFEBABE) and scripts with a `#!` line. A file is for reading, not for running on a
 * colleague's machine.
 */
function isExecutable(data: Buffer): boolean {
  return (
    ascii(data, "MZ") ||
    startsWith(data, 0x7f, 0x45, 0x4c, 0x46) ||
    startsWith(data, 0xfe, 0xed, 0xfa, 0xce) ||
    startsWith(data, 0xfe, 0xed, 0xfa, 0xcf) ||
    startsWith(data, 0xce, 0xfa, 0xed, 0xfe) ||
    startsWith(data, 0xcf, 0xfa, 0xed, 0xfe) ||
    startsWith(data, 0xca, 0xfe, 0xba, 0xbe) ||
    ascii(data, "#!")
  );
}

const officeTypes: [string, string][] = [
  ["word/", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ["xl/", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
  ["ppt/", "application/vnd.openxmlformats-officedocument.presentationml.presentation"],
];

const legacyOffice: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

/** Text that a browser would run as a page or a script: never served as such (see `servedContentType`). */
const markup: [RegExp, string][] = [
  [/^<svg[\s>]/i, "image/svg+xml"],
  [/^<\?xml[\s\S]*<svg[\s>]/i, "image/svg+xml"],
  [/^<\?xml/i, "application/xml"],
  [/^<(!doctype\s+html|html|head|body|script|iframe|meta|style|div|a|p|!--)[\s>]/i, "text/html"],
];

function isUtf8Text(data: Buffer): boolean {
  // 64 KB is enough to tell text from binary; a multi-byte character cut at the edge is not an error.
  const sample = data.subarray(0, 64 * 1024);
  if (sample.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: data.length > sample.length });
    return true;
  } catch {
    return false;
  }
}

/**
 * The content type of an uploaded file from its first bytes. The name is looked at only to tell apart what the
 * bytes cannot (an old Word, Excel or PowerPoint file share one container; CSV is text). Unknown binaries are
 * `application/octet-stream`. Executables are refused (400).
 */
export function sniffAttachmentType(data: Buffer, fileName: string): string {
  if (isExecutable(data)) {
    throw badRequest(
      "attachment_type_refused",
      "実行ファイル（プログラム）は添付できません。",
      "executables (MZ, ELF, Mach-O, #! scripts) are refused",
    );
  }
  const extension = /\.([0-9a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? "";
  const image = sniffImageType(data);
  if (image) return image;
  if (ascii(data, "GIF87a") || ascii(data, "GIF89a")) return "image/gif";
  if (ascii(data, "%PDF-")) return "application/pdf";
  if (startsWith(data, 0x50, 0x4b, 0x03, 0x04)) {
    if (data.includes("[Content_Types].xml")) {
      for (const [folder, type] of officeTypes) if (data.includes(folder)) return type;
    }
    return "application/zip";
  }
  if (startsWith(data, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) {
    return legacyOffice[extension] ?? "application/octet-stream";
  }
  if (data.length > 0 && isUtf8Text(data)) {
    const head = data
      .subarray(0, 1024)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimStart();
    for (const [pattern, type] of markup) if (pattern.test(head)) return type;
    return extension === "csv" ? "text/csv" : "text/plain";
  }
  return "application/octet-stream";
}

const inlineTypes: ReadonlySet<string> = new Set(previewableAttachmentTypes);

/** Raster images the decoder makes thumbnails of; SVG is markup and never reaches it. */
export const isPreviewable = (contentType: string) => inlineTypes.has(contentType);

/**
 * How a stored file is sent: images inline in their own type; everything else as a download. Markup (HTML, SVG,
 * XML) goes out as `application/octet-stream`, so that no browser ever renders a page from our origin out of
 * an upload; text gets its charset so that Japanese reads right when opened.
 */
export function servedContentType(contentType: string): { type: string; inline: boolean } {
  if (inlineTypes.has(contentType)) return { type: contentType, inline: true };
  if (contentType === "text/plain" || contentType === "text/csv") {
    return { type: `${contentType}; charset=utf-8`, inline: false };
  }
  if (contentType === "text/html" || contentType.includes("xml")) {
    return { type: "application/octet-stream", inline: false };
  }
  return { type: contentType, inline: false };
}
