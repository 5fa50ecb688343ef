import { dataViewPaths, type DataViewLiveEvent } from '@parking/contract';
import type { FastifyPluginAsync } from 'fastify';
import { badRequest } from '../../plugins/app-error.js';
import { requireAuth } from '../../plugins/auth.js';

/** a comment line this often keeps proxies from closing a quiet stream */
const keepAliveMs = 25_000;

/**
 * The screens' live events: a text/event-stream of the signed-in user's tenant, a `data:` line per
 * car in or out, warning raised or handled and device on- or offline (dataViewLiveEvent), from
 * whichever process took the event. The stream holds no
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
    schema: { tags: ['screens'], summary: '大屏实时事件（text/event-stream，需 Accept: text/event-stream）：本租户车辆入场、出场，订单预警产生、处理，设备上线、离线' },
    handler: async (request, reply) => {
      if (!(request.headers.accept ?? '').includes('text/event-stream')) throw badRequest('请以 Accept: text/event-stream 订阅实时事件');
      const { tenantId } = requireAuth(request);
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
      stream.write('retry: 3000\n\n');
      // a user signed out, disabled or stripped of 停车记录 since the stream opened sees nothing more:
      // before what it sends next, once the last check is keepAliveMs old, the sign-in is checked
      // again, in order, so no event overtakes a refusal
      let checkedAt = app.now().getTime();
      let queue = Promise.resolve();
      const send = (text: string) => {
        queue = queue.then(async () => {
          if (!open.has(end)) return;
          if (app.now().getTime() - checkedAt >= keepAliveMs) {
            checkedAt = app.now().getTime();
            if (!(await app.stillAllowed(request))) {
              stream.write('event: signed-out\ndata: {}\n\n');
              end();
              return;
            }
          }
          stream.write(text);
        });
      };
      const unsubscribe = app.liveEvents.subscribe(tenantId, ({ tenantId: _tenant, ...event }) => {
        const sent: DataViewLiveEvent = event;
        send(`data: ${JSON.stringify(sent)}\n\n`);
      });
      const keepAlive = setInterval(() => send(': keep-alive\n\n'), keepAliveMs);
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
