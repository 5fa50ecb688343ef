import type { FastifyReply } from 'fastify';

/**
 * A file the browser saves under `fileName`: the plain `filename` is an ASCII stand-in, the real
 * (often Chinese) name travels RFC 5987-encoded, and the console may read the header cross-origin.
 */
export const asAttachment = (reply: FastifyReply, fileName: string, contentType: string) => {
  const extension = /\.\w+$/.exec(fileName)?.[0] ?? '';
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="export${extension}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('access-control-expose-headers', 'content-disposition');
};
