import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fromBuffer } from 'yauzl';
import { ArchiveWriter } from './archive-writer';

const MB = 1024 * 1024;

function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry) =>
        zip.openReadStream(entry, (err, stream) => {
          if (err) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(files));
      zip.readEntry();
    });
  });
}

/** An output that takes a chunk per turn of the event loop (a store slower than the export), keeping what it got. */
function slowOutput() {
  const chunks: Buffer[] = [];
  const output = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      setImmediate(done);
    },
  });
  return { output, received: () => chunks.reduce((n, c) => n + c.length, 0), bytes: () => Buffer.concat(chunks) };
}

describe('ArchiveWriter', () => {
  it('passes each file on to the output before the next one is asked for, however slow the output', async () => {
    const { output, received, bytes } = slowOutput();
    const writer = new ArchiveWriter(output, new Date('2026-11-20T10:00:00Z'));
    const samples = Array.from({ length: 5 }, () => randomBytes(MB));
    for (const [i, sample] of samples.entries()) {
      await writer.addFile(`voice-samples/sample-${i + 1}.webm`, sample);
      // Only what the streams between the ZIP and the output hold (a few slices, whatever the file's size) is on its way.
      expect(received()).toBeGreaterThan((i + 1) * MB - 512 * 1024);
    }
    await writer.addJson('reminders.json', [{ title: 'Call mom' }]);
    const manifest = await writer.finish({ exportId: 'e1', userId: 'u1', jarvisVersion: '0.1.0' });

    const files = await unzip(bytes());
    expect([...files.keys()]).toEqual([...samples.map((_, i) => `voice-samples/sample-${i + 1}.webm`), 'reminders.json', 'manifest.json']);
    samples.forEach((sample, i) => expect(files.get(`voice-samples/sample-${i + 1}.webm`)!.equals(sample)).toBe(true));
    expect(JSON.parse(files.get('reminders.json')!.toString())).toEqual([{ title: 'Call mom' }]);
    for (const file of manifest.files) expect(createHash('sha256').update(files.get(file.path)!).digest('hex')).toBe(file.sha256);
    expect(manifest.files.find((f) => f.path === 'reminders.json')).toMatchObject({ count: 1 });
  });

  it('fails a file the output will never take instead of waiting for it', async () => {
    const output = new Writable({
      write(_chunk, _encoding, done) {
        done(new Error('the store refused a chunk'));
      },
    });
    const writer = new ArchiveWriter(output, new Date());
    await expect(writer.addFile('recordings/RE1.mp3', randomBytes(MB))).rejects.toThrow(/the store refused a chunk/);
    await expect(writer.addJson('contacts.json', [])).rejects.toThrow();
  });
});
