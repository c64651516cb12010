import { Picture } from '../src/db/seed/demoPictures.ts';

/** A real PNG of one colour (width × height, RGB), as any encoder writes it. */
export const solidPng = (width: number, height: number, rgb: [number, number, number]): Buffer => new Picture(width, height, rgb).png();

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipartFile(file: { name: string; type: string; data: Buffer }, field = 'file') {
  return multipartForm({}, { [field]: file });
}

/** A multipart/form-data body of text fields and file parts, in that order, as FormData sends them. */
export function multipartForm(fields: Record<string, string>, files: Record<string, { name: string; type: string; data: Buffer }>) {
  const boundary = `----kayuh${Math.random().toString(16).slice(2)}`;
  const parts = [
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...Object.entries(files).flatMap(([name, file]) => [
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    ]),
  ];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
