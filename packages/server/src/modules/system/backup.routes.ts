import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { backupEndpoints as endpoints } from '@parking/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { backupServiceOf } from '../../backup/backup-service.js';
import { backupsDirOf } from '../../backup/kept-backups.js';
import { forbidden, notFound } from '../../plugins/app-error.js';
import { requireAuth } from '../../plugins/auth.js';
import { asAttachment } from '../../shared/attachment.js';
import { ok } from '../../shared/ok.js';
import { routeOf } from '../../shared/route.js';
import { recordOperation } from './operation-log.service.js';

const tags = ['system'];
/** platform-only (menu.service.ts platformOnlyMenus): a backup holds every tenant's data */
const permission = 'backup';

/**
 * 系统管理 > 备份: the backups kept in DATA_DIR/backups, 立即备份, and 下载 for administrators only.
 * The backup itself waits for the request's own transaction to end (on PGlite it needs the one
 * connection), so 立即备份 answers at once and the page follows it.
 */
export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const backups = () => backupServiceOf(app.database, { dataDir: app.config.dataDir, databaseUrl: app.config.databaseUrl, now: app.now });

  app.route({
    ...routeOf(endpoints.overview, { tags, summary: '备份列表与每日备份设置', permission }),
    handler: async () => {
      const service = backups();
      const nightly = app.database.kind === 'pglite' && app.config.backupKeep > 0;
      return ok({
        database: app.database.kind === 'pglite' ? ('embedded' as const) : ('server' as const),
        running: service.running(),
        nightly: { enabled: nightly, hour: app.config.backupHour, keep: app.config.backupKeep },
        list: (await service.list()).map((b) => ({ name: b.name, createdAt: b.createdAt.toISOString(), bytes: b.bytes })),
      });
    },
  });

  app.route({
    ...routeOf(endpoints.take, { tags, summary: '立即备份（后台进行，完成后出现在列表中）', permission }),
    handler: async (request) => {
      const service = backups();
      await recordOperation(request.db, requireAuth(request), { module: 'system', action: 'create', target: 'backup', summary: '立即备份' });
      service.takeNow().then(
        (taken) => request.log.info({ file: taken.path, bytes: taken.bytes }, 'backup taken on request'),
        (error: unknown) => request.log.error({ err: error }, 'backup on request failed'),
      );
      return ok({ running: true }, '已开始备份');
    },
  });

  app.route({
    ...routeOf(endpoints.download, { tags, summary: '下载备份文件（仅管理员）', permission }),
    handler: async (request, reply) => {
      // the whole installation's data: an administrator's, whatever roles grant the page
      if (!requireAuth(request).isAdministrator) throw forbidden('只有管理员可以下载备份');
      const file = join(backupsDirOf(app.config.dataDir), request.params.name);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw notFound('备份文件不存在');
      // every tenant's data leaves the server: who took it and when stays in the log
      await recordOperation(request.db, requireAuth(request), {
        module: 'system',
        action: 'export',
        target: 'backup',
        summary: `下载备份「${request.params.name}」`,
        after: { name: request.params.name, bytes: info.size },
      });
      return asAttachment(reply, request.params.name, 'application/gzip').header('content-length', info.size).send(createReadStream(file));
    },
  });
};
