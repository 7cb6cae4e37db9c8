import { createHash } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { ACCOUNT_ARCHIVE_FORMAT_VERSION, type ArchiveManifest, recordCount } from '@jarvis/contracts';
import { ZipFile } from 'yazl';

type ManifestFile = ArchiveManifest['files'][number];

/**
 * Writes an account archive as a ZIP stream: each file as it comes (JSON pretty-printed and compressed, audio
 * stored), then `manifest.json` with every file's size, SHA-256 and record count, so a reader can check the archive
 * before trusting any of it.
 */
export class ArchiveWriter {
  private readonly zip = new ZipFile();
  private readonly files: ManifestFile[] = [];
  private readonly missing: ArchiveManifest['unavailable'] = [];
  private readonly paths = new Set<string>();
  private readonly written: Promise<unknown>;

  constructor(
    output: Writable,
    private readonly mtime: Date,
  ) {
    this.zip.outputStream.pipe(output);
    this.written = once(output, 'finish');
    // A failing output (the store refused a chunk, the job gave up) rejects `finish()`, never the process.
    this.written.catch(() => undefined);
    output.on('error', () => undefined);
  }

  /** A JSON file: `value` pretty-printed, counted as its records (an array's length, 1 for an object, 0 for null). */
  addJson(path: string, value: unknown) {
    this.add(path, Buffer.from(JSON.stringify(value, null, 2) + '\n', 'utf8'), recordCount(value), true);
  }

  /** A binary file (a recording, a voice sample), stored as it is. */
  addFile(path: string, bytes: Buffer) {
    this.add(path, bytes, 1, false);
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

  private add(path: string, bytes: Buffer, count: number, compress: boolean) {
    if (this.paths.has(path) || path === 'manifest.json') throw new Error(`Two files named ${path} in one archive`);
    this.paths.add(path);
    this.files.push({ path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), count });
    this.zip.addBuffer(bytes, path, { mtime: this.mtime, compress });
  }
}
