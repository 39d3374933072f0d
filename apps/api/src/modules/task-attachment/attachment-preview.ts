import sharp from "sharp";

/** The thumbnail's longest side: sharp on a 2× screen at the drawer's 240 px. */
const previewSize = 480;

/**
 * A WebP thumbnail of an image attachment (the first frame of a GIF), turned upright by its EXIF orientation and
 * carrying no metadata. Null when the decoder refuses it — a broken file, or beyond 40 megapixels (a
 * decompression bomb): the upload is then kept as a plain file, without preview.
 */
export async function makePreview(data: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(data, { limitInputPixels: 40_000_000, failOn: "error" })
      .autoOrient()
      .resize(previewSize, previewSize, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}
