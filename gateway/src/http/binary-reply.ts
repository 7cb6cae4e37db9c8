import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';

/**
 * Sends a service's binary reply (recordings, speech) with its length, and honours a single `Range` so an audio
 * element can seek: 206 with Content-Range, 416 when the range is outside the file.
 */
export function sendBinary(req: FastifyRequest, reply: FastifyReply, result: { contentType: string; base64: string }) {
  const bytes = Buffer.from(result.base64, 'base64');
  reply.header('Accept-Ranges', 'bytes').header('Cache-Control', 'private, no-cache').type(result.contentType);
  const header = req.headers.range;
  if (!header) return reply.code(200).send(bytes);
  const ranges = parseRange(bytes.length, header, { combine: true });
  if (ranges === -1) return reply.code(416).header('Content-Range', `bytes */${bytes.length}`).send();
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return reply.code(200).send(bytes);
  const { start, end } = ranges[0];
  return reply
    .code(206)
    .header('Content-Range', `bytes ${start}-${end}/${bytes.length}`)
    .send(bytes.subarray(start, end + 1));
}
