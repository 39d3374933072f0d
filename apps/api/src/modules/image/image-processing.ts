import type { imageSchema } from "@tasuki/contract/image/image.contracts";
import sharp from "sharp";
import type { z } from "zod";
import { type AppError, badRequest } from "../../lib/app-error.ts";

export type ImageContentType = z.infer<typeof imageSchema>["content_type"];

// Each upload is decoded once: libvips' operation cache would only hold memory.
sharp.cache(false);

/** 5 MB of upload at most (the multipart limit); beyond it the answer is 413. */
export const maxImageBytes = 5 * 1024 * 1024;

/**
 * A small compressed file can claim an enormous canvas (a "decompression bomb"); 40 megapixels
 * (e.g. 8000 × 5000) is far above any avatar or screenshot.
 */
const maxPixels = 40_000_000;

const unsupported = (devMessage: string) =>
  badRequest("unsupported_image", "PNG・JPEG・WebP形式の画像を選択してください。", devMessage);

/**
 * The format from the first bytes, never from the file name or the client's content-type. Anything else
 * (GIF, SVG, HEIC, text…) is refused before a decoder sees it, which also keeps libvips' other loaders
 * (SVG, PDF…) out of reach of uploads.
 */
export function sniffImageType(data: Buffer): ImageContentType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "image/png";
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString("latin1") === "RIFF" &&
    data.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "image/webp";
  }
  return null;
}

const sharpFormat: Record<ImageContentType, string> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
};

export interface ProcessedImage {
  data: Buffer;
  contentType: ImageContentType;
  width: number;
  height: number;
}

/**
 * Decodes the whole image and encodes it again in its own format. The new file carries pixels only: EXIF
 * (GPS position, camera serial…), XMP, IPTC, comments and anything appended after the image are left
 * behind. The EXIF orientation is applied to the pixels first, so a phone photo stays upright.
 */
export async function processImage(input: Buffer): Promise<ProcessedImage> {
  const contentType = sniffImageType(input);
  if (!contentType) throw unsupported("content is not PNG, JPEG or WebP");

  const options = { limitInputPixels: maxPixels, failOn: "error" as const };
  let format: string | undefined;
  try {
    ({ format } = await sharp(input, options).metadata());
  } catch (error) {
    throw decodeError(error);
  }
  // The signature and the decoder must agree (a PNG header glued to something else is refused).
  if (format !== sharpFormat[contentType]) throw unsupported(`signature says ${contentType}, decoder says ${format}`);

  const pipeline = sharp(input, options).autoOrient();
  if (contentType === "image/png") pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
  else if (contentType === "image/jpeg") pipeline.jpeg({ quality: 88, mozjpeg: true });
  else pipeline.webp({ quality: 88 });
  try {
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, contentType, width: info.width, height: info.height };
  } catch (error) {
    throw decodeError(error);
  }
}

function decodeError(error: unknown): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return badRequest(
      "image_dimensions_too_large",
      "画像の縦横のサイズが大きすぎます。4000万画素以下の画像を選択してください。",
      `image exceeds ${maxPixels} pixels`,
    );
  }
  // The decoder's own words stay on the server: they describe the file, not the API.
  return unsupported("the image could not be decoded");
}
