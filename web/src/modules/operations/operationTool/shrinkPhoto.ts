/** A phone photo is sent at most this many pixels on its long side: plenty to see a bike, light on a weak signal. */
const LONG_SIDE = 1600;
const QUALITY = 0.82;

/**
 * A photo as the tool keeps and sends it: scaled down to LONG_SIDE as a JPEG (a 12-megapixel shot of 4 MB becomes a
 * few hundred KB, under the upload limit). A browser that cannot decode it leaves it as taken; the server checks it.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    return blob ?? file;
  } catch {
    return file;
  }
}
