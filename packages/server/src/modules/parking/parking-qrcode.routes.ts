import { parkingQrCodeEndpoints as endpoints, scanPagePaths } from '@parking/contract';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import yazl from 'yazl';
import { z } from 'zod';
import { requireAuth } from '../../plugins/auth.js';
import { asAttachment } from '../../shared/attachment.js';
import { toHashRoute } from '../../shared/hash-route.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { laneQrCode, lotQrCode, qrCodeSheet, resolveScan, spaceQrCodes, type QrCodeFile, type QrCodeSigner } from './qrcode.service.js';

export interface QrCodeRoutesOptions {
  secret: string;
  /** config.publicBaseUrl: the origin printed in the codes, never the request's */
  publicBaseUrl: string;
}

/** enter, exit, scan: the last part of each phone page's path */
const scanPageNames = Object.values(scanPagePaths).map((path) => path.slice('/m/'.length)) as [string, ...string[]];
const sendPng = (reply: FastifyReply, file: QrCodeFile) => asAttachment(reply, file.fileName, 'image/png').send(file.png);

/**
 * QR codes of lots (停车场 page), lanes (车道 page), a lot's spaces as one zip, the sheet of all of a
 * lot's lane and space codes to print (车道 page), and the public call a scanned code lands on. Each
 * code holds a signed token, never a bare id.
 */
export const parkingQrCodeRoutes: FastifyPluginAsyncZod<QrCodeRoutesOptions> = async (app, options) => {
  const signer: QrCodeSigner = { secret: options.secret, baseUrl: options.publicBaseUrl };

  app.route({
    ...routeOf(endpoints.lot, { tags: ['parking'], summary: '停车场二维码（PNG）', permission: 'parkingList' }),
    handler: async (request, reply) => sendPng(reply, await lotQrCode(request.db, requireAuth(request), signer, request.params.id)),
  });

  app.route({
    ...routeOf(endpoints.lane, { tags: ['parking'], summary: '车道二维码（PNG；出口车道扫码出场，入口车道扫码入场）', permission: 'parkingLane' }),
    handler: async (request, reply) => sendPng(reply, await laneQrCode(request.db, requireAuth(request), signer, request.query.id)),
  });

  app.route({
    ...routeOf(endpoints.spaces, { tags: ['parking'], summary: '下载停车场全部泊位二维码（zip，每个泊位一张PNG，以泊位编号命名）', permission: 'parkingList' }),
    handler: async (request, reply) => {
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
  });

  app.route({
    // printed from the 车道 page, so that page's permission
    ...routeOf(endpoints.sheet, { tags: ['parking'], summary: '停车场全部车道和泊位的二维码（打印用：每个二维码的扫码地址）', permission: 'parkingLane' }),
    handler: async (request) => ok(await qrCodeSheet(request.db, requireAuth(request), signer, request.query.parkingId)),
  });

  app.route({
    // drivers' phones, signed out; a token is checked before any row is read
    ...routeOf(endpoints.resolve, { tags: ['public'], summary: '扫码：二维码指向的停车场、车道或泊位（无需登录）', public: true, rateLimit: { max: 120, timeWindow: '1 minute' } }),
    handler: async (request) => ok(await resolveScan(request.db, options.secret, request.query.t)),
  });

  app.get('/m/:page', { config: { public: true }, schema: { hide: true, params: z.object({ page: z.enum(scanPageNames) }) } }, toHashRoute);
};
