import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ACCOUNT_ARCHIVE_FORMAT_VERSION, type ArchiveManifest, recordCount } from '@jarvis/contracts';
import { ZipFile } from 'yazl';

type ManifestFile = ArchiveManifest['files'][number];

/**
 * Writes an account archive as a ZIP stream: each file as it comes (JSON pretty-printed and compressed, audio
 * stored), then `manifest.json` with every file's size, SHA-256 and record count, so a reader can check the archive
 * before trusting any of it. Adding a file resolves once the ZIP has passed it on to the output (the store), so the
 * export asks for the next part or recording only then: the archive is never held whole, however slow the store.
 */
export class ArchiveWriter {
  private readonly zip = new ZipFile();
  private readonly files: ManifestFile[] = [];
  private readonly missing: ArchiveManifest['unavailable'] = [];
  private readonly paths = new Set<string>();
  private readonly written: Promise<unknown>;
  /** Rejects once the output failed or finished: a file added then would never be taken. */
  private readonly stopped: Promise<never>;

  constructor(
    output: Writable,
    private readonly mtime: Date,
  ) {
    this.zip.outputStream.pipe(output);
    this.written = once(output, 'finish');
    // A failing output (the store refused a chunk, the job gave up) rejects `finish()`, never the process.
    this.written.catch(() => undefined);
    this.stopped = this.written.then(() => {
      throw new Error('The archive was already written');
    });
    this.stopped.catch(() => undefined);
    output.on('error', () => undefined);
  }

  /** A JSON file: `value` pretty-printed, counted as its records (an array's length, 1 for an object, 0 for null). */
  addJson(path: string, value: unknown): Promise<void> {
    return this.add(path, Buffer.from(JSON.stringify(value, null, 2) + '\n', 'utf8'), recordCount(value), true);
  }

  /** A binary file (a recording, a voice sample), stored as it is. */
  addFile(path: string, bytes: Buffer): Promise<void> {
    return this.add(path, bytes, 1, false);
  }

  /** A file that belongs in the archive but could not be had, listed in the manifest with why. */
  unavailable(path: string, reason: string) {
    this.missing.push({ path, reason });
  }

  /** Adds the manifest last and resolves once the whole ZIP has been written to the output. */
  async finish(about: { exportId: string; userId: string; jarvisVersion: string }): Promise<ArchiveManifest> {
    const manifest: ArchiveManifest = {
      format: 'jarvis-account-archive',
      formatVersion: ACCOUNT_ARCHIVE_FORMAT_VERSION,
      jarvisVersion: about.jarvisVersion,
      exportId: about.exportId,
      userId: about.userId,
      exportedAt: this.mtime.toISOString(),
      files: this.files,
      unavailable: this.missing,
    };
    this.zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2) + '\n', 'utf8'), 'manifest.json', { mtime: this.mtime });
    this.zip.end();
    await this.written;
    return manifest;
  }

  /** Resolves once the ZIP has read the whole file (it reads a file only as fast as the output takes the ZIP). */
  private async add(path: string, bytes: Buffer, count: number, compress: boolean): Promise<void> {
    if (this.paths.has(path) || path === 'manifest.json') throw new Error(`Two files named ${path} in one archive`);
    this.paths.add(path);
    this.files.push({ path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), count });
    // In slices, so the ZIP's streams hold a few of them at a time instead of taking the whole file at once.
    const source = Readable.from(slices(bytes), { objectMode: false });
    this.zip.addReadStream(source, path, { mtime: this.mtime, compress, size: bytes.length });
    // An output that failed or ended never takes the file: the export fails instead of waiting for it.
    await Promise.race([finished(source), this.stopped]);
  }
}

/** What one read of an added file gives the ZIP. */
const SLICE_BYTES = 64 * 1024;

function* slices(bytes: Buffer) {
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) yield bytes.subarray(at, at + SLICE_BYTES);
}
