import { type Endpoint, PayloadTooLargeError, ValidationError } from '@jarvis/contracts';
import type { FastifyRequest } from 'fastify';

interface UploadedFile {
  field: string;
  contentType: string;
  base64: string;
}

/**
 * Reads a multipart/form-data body within the endpoint's declared limits into `{ ...fields, files }`, the shape
 * its request schema validates. A file over the limit is a 413 naming the field; an undeclared file field is a 400.
 */
export async function readMultipart(req: FastifyRequest, endpoint: Endpoint): Promise<Record<string, unknown>> {
  if (!req.isMultipart()) throw new ValidationError('Expected a multipart/form-data body', { _: ['Expected a multipart/form-data body'] });
  const upload = endpoint.upload;
  const maxFileBytes = upload?.maxFileBytes ?? endpoint.bodyLimitBytes;
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  const parts = req.parts({ limits: { fileSize: maxFileBytes, files: upload?.fields.length ?? 10, fields: 20, fieldSize: 64 * 1024 } });
  for await (const part of parts) {
    if (part.type === 'field') {
      fields[part.fieldname] = part.value;
      continue;
    }
    if (upload && !upload.fields.includes(part.fieldname)) {
      part.file.resume();
      throw new ValidationError(`Unexpected file field '${part.fieldname}'`, { [part.fieldname]: [`Expected one of ${upload.fields.join(', ')}`] });
    }
    if (upload?.contentTypes.length && !upload.contentTypes.some((type) => part.mimetype.startsWith(type))) {
      part.file.resume();
      throw new ValidationError(`${part.fieldname} must be ${upload.contentTypes.join(' or ')}`, {
        [part.fieldname]: [`Unsupported content type ${part.mimetype}`],
      });
    }
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(part.fieldname, maxFileBytes);
      throw error;
    });
    if (part.file.truncated) throw tooLarge(part.fieldname, maxFileBytes);
    files.push({ field: part.fieldname, contentType: part.mimetype, base64: bytes.toString('base64') });
  }
  return { ...fields, files };
}

function tooLarge(field: string, maxBytes: number) {
  const mb = Math.round((maxBytes / (1024 * 1024)) * 10) / 10;
  return new PayloadTooLargeError(`${field} is larger than ${mb} MB`, field, maxBytes);
}
