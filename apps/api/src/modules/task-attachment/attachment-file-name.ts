import { withoutInvisibleControls } from "../../lib/unsafe-text.ts";

const maxLength = 200;

/**
 * The name kept for an uploaded file: Unicode NFC (a Mac sends 「ガ」 as two characters), without folders (either
 * slash), without control and direction characters, without lone surrogates, spaces collapsed, at most 200
 * characters with the extension kept. Japanese stays as it is. Nothing left: 「無題」.
 */
export function sanitizeFileName(raw: string): string {
  let name = raw.toWellFormed().normalize("NFC");
  name = name.split(/[/\\]/).pop() ?? "";
  name = withoutInvisibleControls(name).replace(/\s+/g, " ").trim();
  // A name of dots only would mean "this folder" or "the parent" to whoever saves it.
  if (/^\.*$/.test(name)) return "無題";
  const chars = [...name];
  if (chars.length <= maxLength) return name;
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : "";
  return (
    [...name.slice(0, name.length - extension.length)].slice(0, maxLength - [...extension].length).join("") + extension
  );
}

/**
 * `Content-Disposition` for a download: an ASCII `filename` for old clients and the real name in `filename*`
 * (RFC 5987/6266, UTF-8, percent-encoded), which every current browser prefers.
 */
export function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
