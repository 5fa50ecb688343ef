import {
  envelope,
  parkingLaneQrCodeQuery,
  parkingQrCodePaths,
  parkingSpaceQrCodesQuery,
  scanPagePaths,
  scanResolveQuery,
  scanTarget,
} from '@parking/contract';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { asAttachment } from '../../shared/attachment.js';
import { toHashRoute } from '../../shared/hash-route.js';
import { laneQrCode, lotQrCode, resolveScan, spaceQrCodes, type QrCodeFile, type QrCodeSigner } from './qrcode.service.js';

export interface QrCodeRoutesOptions {
  secret: string;
  /** config.publicBaseUrl: the origin printed in the codes, never the request's */
  publicBaseUrl: string;
}

/** enter, exit, scan: the last part of each phone page's path */
const scanPageNames = Object.values(scanPagePaths).map((path) => path.slice('/m/'.length)) as [string, ...string[]];
const idParams = z.object({ id: z.uuid('停车场编号格式不正确') });
const ok = <T>(data: T, msg = '成功') => ({ code: 200, msg, data });
const sendPng = (reply: FastifyReply, file: QrCodeFile) => asAttachment(reply, file.fileName, 'image/png').send(file.png);

/**
 * QR codes of lots (停车场 page), lanes (车道 page) and a lot's spaces as one zip, and the public
 * call a scanned code lands on. Each code holds a signed token, never a bare id.
 */
export const parkingQrCodeRoutes: FastifyPluginAsyncZod<QrCodeRoutesOptions> = async (app, options) => {
  const signer: QrCodeSigner = { secret: options.secret, baseUrl: options.publicBaseUrl };

  app.get(
    parkingQrCodePaths.lot,
    { config: { permission: 'parkingList' }, schema: { tags: ['parking'], summary: '停车场二维码（PNG）', params: idParams } },
    async (request, reply) => sendPng(reply, await lotQrCode(request.db, requireAuth(request), signer, request.params.id)),
  );

  app.get(
    parkingQrCodePaths.lane,
    {
      config: { permission: 'parkingLane' },
      schema: { tags: ['parking'], summary: '车道二维码（PNG；出口车道扫码出场，入口车道扫码入场）', querystring: parkingLaneQrCodeQuery },
    },
    async (request, reply) => sendPng(reply, await laneQrCode(request.db, requireAuth(request), signer, request.query.id)),
  );

  app.get(
    parkingQrCodePaths.spaces,
    {
      config: { permission: 'parkingList' },
      schema: { tags: ['parking'], summary: '下载停车场全部泊位二维码（zip，每个泊位一张PNG，以泊位编号命名）', querystring: parkingSpaceQrCodesQuery },
    },
    async (request, reply) => {
      const { fileName, files } = await spaceQrCodes(request.db, requireAuth(request), signer, request.query.parkingId);
      const zip = new yazl.ZipFile();
      // a PassThrough in yazl, typed as the bare interface
      const output = zip.outputStream as Readable;
      asAttachment(reply, fileName, 'application/zip').send(output);
      // the spaces are read inside the request's tenant transaction, so finish before returning
      try {
        // PNGs are compressed already
        for await (const file of files) zip.addBuffer(file.png, file.fileName, { compress: false });
        zip.end();
      } catch (error) {
        reply.log.error({ err: error }, 'space QR codes failed while streaming');
        output.destroy(error as Error);
      }
      return reply;
    },
  );

  app.get(
    parkingQrCodePaths.resolve,
    {
      // drivers' phones, signed out; a token is checked before any row is read
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { tags: ['public'], summary: '扫码：二维码指向的停车场、车道或泊位（无需登录）', querystring: scanResolveQuery, response: { 200: envelope(scanTarget) } },
    },
    async (request) => ok(await resolveScan(request.db, options.secret, request.query.t)),
  );

  app.get('/m/:page', { config: { public: true }, schema: { hide: true, params: z.object({ page: z.enum(scanPageNames) }) } }, toHashRoute);
};
