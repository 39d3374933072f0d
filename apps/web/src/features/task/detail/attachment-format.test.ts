import { describe, expect, it } from "vitest";
import { attachmentKind, formatFileSize } from "./attachment-format.ts";

describe("formatFileSize", () => {
  it("reads like the OS: bytes, then KB, MB with one decimal below 100", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(1023)).toBe("1023 B");
    expect(formatFileSize(1536)).toBe("1.5 KB");
    expect(formatFileSize(20 * 1024 * 1024)).toBe("20 MB");
    expect(formatFileSize(150 * 1024)).toBe("150 KB");
  });
});

describe("attachmentKind", () => {
  it("picks the icon from the sniffed type", () => {
    expect(attachmentKind("image/png")).toBe("image");
    expect(attachmentKind("image/svg+xml")).toBe("other");
    expect(attachmentKind("application/pdf")).toBe("pdf");
    expect(attachmentKind("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe("sheet");
    expect(attachmentKind("text/csv")).toBe("sheet");
    expect(attachmentKind("application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe("document");
    expect(attachmentKind("application/zip")).toBe("archive");
    expect(attachmentKind("application/octet-stream")).toBe("other");
  });
});
