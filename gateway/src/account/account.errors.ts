import { ConflictError, DomainError, ErrorKind, NotFoundError } from '@jarvis/contracts';

export const ExportRunning = () => new ConflictError('An export of your data is already running. Wait for it to finish.');
export const ExportNotFound = () => new NotFoundError('Export');
/** A download link that is not this export's, was used already or has expired. */
export const DownloadLinkUsed = () =>
  new DomainError(ErrorKind.NotFound, 'This download link was used already or has expired. Open the Account page for a new one.', {
    code: 'DOWNLOAD_LINK_USED',
  });
/** An uploaded archive that fails a check: every problem found, nothing written. */
export const ArchiveInvalid = (problems: string[]) =>
  new DomainError(ErrorKind.Validation, `The archive cannot be imported: ${problems[0]}${problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : ''}`, {
    code: 'ARCHIVE_INVALID',
    details: { problems, fields: { archive: problems } },
  });
