import fs from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES, sniffImageType, type ImageType } from '@kayuh/contract/rules/upload';
import type { FileStore } from './fileStore.ts';

/** Why an upload was not kept; each is a `validation.*` message. */
export type ImageRefusal = 'imageType' | 'imageTooLarge' | 'fileEmpty';

export type StoredImage = { key: string; size: number; type: ImageType } | { refused: ImageRefusal };

/**
 * Streams an upload into the store: the first bytes decide the type (and so the key's extension) before anything
 * is written; past that only one chunk is held at a time. A refusal removes what was written and reads the rest
 * of the upload to nothing, so the request still ends cleanly and its answer is read; a failure removes it too.
 */
class ImageSink extends Writable {
  private head: Buffer[] = [];
  private headSize = 0;
  private out?: fs.WriteStream;
  key?: string;
  type?: ImageType;
  size = 0;
  refused?: ImageRefusal;
  private removal: Promise<void> = Promise.resolve();

  constructor(
    private readonly files: FileStore,
    private readonly keyOf: (ext: string) => string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (err?: Error | null) => void) {
    if (this.refused) return done();
    this.size += chunk.length;
    if (this.size > this.maxBytes) return this.refuse('imageTooLarge', done);
    if (this.out) return this.pass(chunk, done);
    this.head.push(chunk);
    this.headSize += chunk.length;
    if (this.headSize < SNIFF_BYTES) return done();
    this.open(done);
  }

  override _final(done: (err?: Error | null) => void) {
    if (this.refused) return done();
    if (this.size === 0) return this.refuse('fileEmpty', done);
    const close = () => this.out!.end(() => done());
    if (this.out) return close();
    // A file shorter than the sniffed bytes: decide on what there is.
    this.open((err) => (err || this.refused ? done(err) : close()));
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void) {
    this.out?.destroy();
    if (err && this.key) void this.files.remove(this.key).finally(() => done(err));
    else done(err);
  }

  /** Resolves once a refused upload's partial file is gone. */
  settled() {
    return this.removal;
  }

  private open(done: (err?: Error | null) => void) {
    const head = Buffer.concat(this.head);
    this.head = [];
    const type = sniffImageType(head);
    if (!type) return this.refuse('imageType', done);
    this.type = type;
    this.key = this.keyOf(type.ext);
    this.out = fs.createWriteStream(this.files.pathFor(this.key));
    this.out.on('error', (err) => this.destroy(err));
    this.pass(head, done);
  }

  private pass(chunk: Buffer, done: (err?: Error | null) => void) {
    if (this.out!.write(chunk)) done();
    else this.out!.once('drain', () => done());
  }

  private refuse(reason: ImageRefusal, done: () => void) {
    this.refused = reason;
    this.head = [];
    const out = this.out;
    const key = this.key;
    this.out = undefined;
    this.key = undefined;
    if (out && key) {
      this.removal = new Promise<void>((resolve) => {
        out.end(() => resolve());
      }).then(() => this.files.remove(key));
    }
    done();
  }
}

/**
 * Reads an uploaded file stream into the store under `keyOf(<ext>)`, or says why it was refused.
 * `truncated` is the multipart parser's own size-limit flag, checked as well as the bytes counted here.
 */
export async function storeImage(
  source: NodeJS.ReadableStream & { truncated?: boolean },
  files: FileStore,
  keyOf: (ext: string) => string,
  maxBytes: number,
): Promise<StoredImage> {
  const sink = new ImageSink(files, keyOf, maxBytes);
  await pipeline(source, sink);
  await sink.settled();
  if (!sink.refused && source.truncated) {
    if (sink.key) await files.remove(sink.key);
    return { refused: 'imageTooLarge' };
  }
  if (sink.refused) return { refused: sink.refused };
  return { key: sink.key!, size: sink.size, type: sink.type! };
}
