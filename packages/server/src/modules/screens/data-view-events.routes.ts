import { dataViewPaths, type DataViewLiveEvent } from '@parking/contract';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../plugins/app-error.js';
import { requireAuth } from '../../plugins/auth.js';

/** a comment line this often keeps proxies from closing a quiet stream */
const keepAliveMs = 25_000;

/**
 * The screens' live events: a text/event-stream of the signed-in user's tenant, a `data:` line per
 * car in or out (dataViewLiveEvent), from whichever process took the event. The stream holds no
 * database transaction: the request's ends as the stream is handed over. A screen whose stream
 * breaks opens it again (the `retry:` line says after how long) and reads a fresh snapshot.
 */
export const dataViewEventRoutes: FastifyPluginAsync = async (app) => {
  // the open streams, ended when the server closes (it would wait for them otherwise)
  const open = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of open) end();
  });
  app.route({
    method: 'GET',
    url: dataViewPaths.events,
    config: { permission: 'ParkingRecordOrder' },
    schema: { tags: ['screens'], summary: '数据大屏实时事件（text/event-stream，需 Accept: text/event-stream）：本租户车辆入场、出场' },
    handler: async (request, reply) => {
      if (!(request.headers.accept ?? '').includes('text/event-stream')) throw badRequest('请以 Accept: text/event-stream 订阅实时事件');
      const { tenantId } = requireAuth(request);
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      stream.write('retry: 3000\n\n');
      const unsubscribe = app.liveEvents.subscribe(tenantId, (event) => {
        const sent: DataViewLiveEvent = { kind: event.kind, plateNumber: event.plateNumber, lotId: event.lotId, at: event.at };
        stream.write(`data: ${JSON.stringify(sent)}\n\n`);
      });
      const keepAlive = setInterval(() => stream.write(': keep-alive\n\n'), keepAliveMs);
      const end = () => {
        if (!open.delete(end)) return;
        clearInterval(keepAlive);
        unsubscribe();
        stream.end();
      };
      open.add(end);
      request.raw.on('close', end);
    },
  });
};
