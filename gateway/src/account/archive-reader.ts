import { createHash } from 'node:crypto';
import {
  ACCOUNT_ARCHIVE_FORMAT_VERSION,
  ACCOUNT_PART_SERVICES,
  type AccountFiles,
  type AccountPartName,
  accountFilesSchema,
  ARCHIVE_FILES,
  archiveManifest,
  type ArchiveManifest,
  internalApi,
  recordCount,
  upgradeArchive,
} from '@jarvis/contracts';
import type { z } from 'zod';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';

/** Files in one archive, and the bytes they may unpack to together (a ZIP bomb stops here). */
const MAX_ENTRIES = 10_000;
const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;
/** The problems listed at most; past them, one line says how many more there were. */
const MAX_PROBLEMS = 100;

/** An archive that passed every check: its parts' files by owner, ready to import. */
export interface CheckedArchive {
  manifest: ArchiveManifest;
  /** The SHA-256 of its manifest: what each part records, so importing it again changes nothing. */
  archiveKey: string;
  parts: { [P in AccountPartName]: AccountFiles<P> };
}

export type ArchiveCheck = { ok: true; archive: CheckedArchive } | { ok: false; problems: string[] };

interface ReadEntry {
  bytes: number;
  sha256: string;
  /** Kept for JSON files only: audio is hashed as it streams and never imported. */
  data?: Buffer;
}

/**
 * Checks a whole archive before anything is written: it must be a ZIP, its manifest of a format this Jarvis reads
 * (an older one is upgraded), every file listed with its size, SHA-256 and record count, nothing unlisted, and every
 * JSON file valid against its schema (the one each service's import handler checks again). Answers every problem
 * found, or the parsed parts.
 */
export async function checkArchive(bytes: Buffer): Promise<ArchiveCheck> {
  const problems: string[] = [];
  let entries: Map<string, ReadEntry>;
  try {
    entries = await readEntries(bytes);
  } catch (error) {
    return { ok: false, problems: [`The file is not a readable ZIP archive (${(error as Error).message})`] };
  }
  const manifestEntry = entries.get('manifest.json');
  if (!manifestEntry?.data) return { ok: false, problems: ['manifest.json is missing: this is not a Jarvis account archive'] };
  const parsedManifest = archiveManifest.safeParse(parseJson(manifestEntry.data));
  if (!parsedManifest.success) {
    return { ok: false, problems: parsedManifest.error.issues.slice(0, MAX_PROBLEMS).map((i) => `manifest.json: ${where(i.path)}${i.message}`) };
  }
  const manifest = parsedManifest.data;
  if (manifest.formatVersion > ACCOUNT_ARCHIVE_FORMAT_VERSION) {
    return {
      ok: false,
      problems: [`manifest.json: the archive's format version ${manifest.formatVersion} is newer than this Jarvis reads (${ACCOUNT_ARCHIVE_FORMAT_VERSION}); update Jarvis first`],
    };
  }

  const files = new Map<string, unknown>();
  const listed = new Set<string>();
  for (const file of manifest.files) {
    listed.add(file.path);
    const entry = entries.get(file.path);
    if (!entry) {
      problems.push(`${file.path} is listed in the manifest but missing from the archive`);
      continue;
    }
    if (entry.bytes !== file.bytes || entry.sha256 !== file.sha256) {
      problems.push(`${file.path}: its SHA-256 does not match the manifest (the file was changed or damaged)`);
      continue;
    }
    if (!file.path.endsWith('.json')) continue;
    const value = parseJson(entry.data!);
    if (value === INVALID_JSON) {
      problems.push(`${file.path} is not valid JSON`);
      continue;
    }
    if (recordCount(value) !== file.count) problems.push(`${file.path} holds ${recordCount(value)} records, the manifest says ${file.count}`);
    files.set(file.path, value);
  }
  for (const path of entries.keys()) {
    if (path !== 'manifest.json' && !listed.has(path)) problems.push(`${path} is in the archive but not in its manifest`);
  }
  if (problems.length) return { ok: false, problems: capped(problems) };

  upgradeArchive(manifest.formatVersion, files);
  const archiveKey = createHash('sha256').update(manifestEntry.data).digest('hex');
  const parts = {} as CheckedArchive['parts'];
  for (const part of ['identity', ...ACCOUNT_PART_SERVICES] as AccountPartName[]) {
    const own = Object.fromEntries(Object.keys(ARCHIVE_FILES[part]).map((name) => [name, files.get(name)]));
    for (const name of Object.keys(own)) if (!files.has(name)) problems.push(`${name} is missing from the archive`);
    // The schema each service's import handler checks (NUL characters included), so what passes here imports there.
    const schema: z.ZodType = part === 'identity' ? accountFilesSchema('identity') : internalApi[part].accountImport.request;
    const input = part === 'identity' ? own : { archiveKey, files: own };
    const result = schema.safeParse(input);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const path = part === 'identity' ? issue.path : issue.path.slice(1);
        const [file, ...rest] = path;
        if (file !== undefined && !files.has(String(file))) continue; // named above as missing
        problems.push(`${String(file ?? part)}: ${where(rest)}${issue.message}`);
      }
      continue;
    }
    (parts as Record<string, unknown>)[part] = part === 'identity' ? result.data : (result.data as { files: unknown }).files;
  }
  if (!problems.length) problems.push(...references(parts));
  return problems.length ? { ok: false, problems: capped(problems) } : { ok: true, archive: { manifest, archiveKey, parts } };
}

/** References between files that the importers remap: each must name a record of the archive. */
function references(parts: CheckedArchive['parts']): string[] {
  const problems: string[] = [];
  const links = new Set(parts.calendar['booking-links.json'].map((l) => l.id));
  parts.calendar['bookings.json'].forEach((b, i) => {
    if (!links.has(b.linkId)) problems.push(`bookings.json: ${i}.linkId names no booking link of the archive`);
  });
  const scenarios = new Set(parts.telephony['call-scenarios.json'].map((s) => s.id));
  parts.telephony['call-logs.json'].forEach((c, i) => {
    if (c.scenarioId !== null && !scenarios.has(c.scenarioId)) problems.push(`call-logs.json: ${i}.scenarioId names no call scenario of the archive`);
  });
  return problems;
}

const INVALID_JSON = Symbol('invalid JSON');

function parseJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return INVALID_JSON;
  }
}

function where(path: PropertyKey[]) {
  return path.length ? `${path.map(String).join('.')}: ` : '';
}

function capped(problems: string[]) {
  return problems.length > MAX_PROBLEMS ? [...problems.slice(0, MAX_PROBLEMS), `… and ${problems.length - MAX_PROBLEMS} more problems`] : problems;
}

/** Every entry's size and SHA-256 (and the bytes of JSON files), within the limits on entries and unpacked bytes. */
function readEntries(bytes: Buffer): Promise<Map<string, ReadEntry>> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no archive'));
      const entries = new Map<string, ReadEntry>();
      let unpacked = 0;
      const fail = (reason: Error) => {
        zip.close();
        reject(reason);
      };
      zip.on('error', fail);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: Entry) => {
        if (entries.size >= MAX_ENTRIES) return fail(new Error(`more than ${MAX_ENTRIES} files`));
        if (entry.fileName.endsWith('/')) return zip.readEntry();
        unpacked += entry.uncompressedSize;
        if (unpacked > MAX_UNPACKED_BYTES) return fail(new Error('it unpacks to more than 512 MB'));
        if (entries.has(entry.fileName)) return fail(new Error(`${entry.fileName} is in it twice`));
        readEntry(zip, entry).then((read) => {
          entries.set(entry.fileName, read);
          zip.readEntry();
        }, fail);
      });
      zip.readEntry();
    });
  });
}

function readEntry(zip: ZipFile, entry: Entry): Promise<ReadEntry> {
  const keep = entry.fileName.endsWith('.json');
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error(`cannot read ${entry.fileName}`));
      const hash = createHash('sha256');
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        size += chunk.length;
        if (keep) chunks.push(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve({ bytes: size, sha256: hash.digest('hex'), data: keep ? Buffer.concat(chunks) : undefined }));
    });
  });
}
