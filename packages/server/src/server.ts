import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { app } from './app.js';
import { loadConfig } from './config.js';
import { fastifyOptions } from './server-options.js';
import { openDatabase } from './db/client.js';
import { withReplica } from './db/replica.js';
import { createMetricsRegistry, installMetrics, jobMetrics } from './plugins/metrics.js';
import { startMetricsServer, type MetricsServer } from './plugins/metrics-server.js';
import { migrate, migrationsDir } from './db/migrate.js';
import { seedDemoDevices } from './db/seed/demo-devices.js';
import { seedDemoHistory } from './db/seed/demo-history.js';
import { seedDemoMarketing } from './db/seed/demo-marketing.js';
import { seedDemoMessages } from './db/seed/demo-messages.js';
import { seedDemoPlateList } from './db/seed/demo-plate-list.js';
import { seedDemoCustomers } from './db/seed/demo-customers.js';
import { seedDemoOwnerPayments } from './db/seed/demo-owner-payments.js';
import { seedDemoComplaints } from './db/seed/demo-complaints.js';
import { seedDemoAppeals } from './db/seed/demo-appeals.js';
import { seedDemoInvoices } from './db/seed/demo-invoices.js';
import { seedDemoMerchants } from './db/seed/demo-merchants.js';
import { startDemoHeartbeats } from './db/seed/demo-heartbeats.js';
import { syncMenuCatalogue } from './db/seed/menu-sync.js';
import { seedDemoData } from './db/seed/seed.js';
import { seedDemoReconciliation } from './db/seed/demo-reconciliation.js';
import { ensureStandinClip } from './modules/screens/index.js';
import { startScheduledJobs } from './scheduled-jobs.js';
import { backupServiceOf } from './backup/backup-service.js';
import { startBackupControl } from './backup/control.js';

/** The process: config, logger, database lifecycle, graceful shutdown. */
const main = async () => {
  const config = loadConfig();
  const server = Fastify({
    ...fastifyOptions({ level: config.logLevel }),
    trustProxy: process.env.TRUST_PROXY === 'true',
    requestTimeout: 120_000,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const primary = await openDatabase({
    ...config,
    onIdleError: (error) => server.log.warn({ err: error }, 'an idle database connection was closed by the server'),
  });
  // lists, exports, reports and screen snapshots read from the streaming replica when there is one;
  // who wrote lately is kept in Redis too, so their next read on any process sees it (db/replica.ts)
  const database = config.databaseReplicaUrl
    ? withReplica(primary, {
        url: config.databaseReplicaUrl,
        stickyMs: config.replicaStickyMs,
        maxLagMs: config.replicaMaxLagMs,
        checkEveryMs: config.replicaCheckMs,
        log: server.log,
        ...(redis ? { shared: redis } : {}),
      })
    : primary;
  server.log.info({ database: database.kind, readReplica: config.databaseReplicaUrl ? 'on' : undefined, dataDir: config.databaseUrl ? undefined : config.dataDir }, 'database open');
  const report = await migrate(database, migrationsDir, {
    onRetry: (name, attempt, error) => server.log.warn({ migration: name, attempt, err: error }, 'a migration gave up a lock to the live writes; it is run again'),
  });
  if (report.applied.length) server.log.info({ applied: report.applied }, 'migrations applied');
  // the pages an upgrade brings (系统管理 › 备份 …), given once to each tenant's 系统管理员 role
  const given = await syncMenuCatalogue(database.db);
  if (given.length) server.log.info({ given }, 'menus the upgrade brings were given to the tenants');
  const freshInstall = await seedDemoData(database.db);
  if (freshInstall) {
    // lots and devices only a real start gets: the test suites count tenant demo's lots from zero
    await seedDemoDevices(database.db);
    await seedDemoMarketing(database.db);
    // two merchants with their coupons, one prepaid and one billed monthly
    await seedDemoMerchants(database.db);
    await seedDemoPlateList(database.db);
    // its messages are raised from those lots and devices, each about a real object
    await seedDemoMessages(database.db, config.dataDir);
    // mw's 对账: a day that agrees with the sandbox's bill and yesterday with mistakes
    await seedDemoReconciliation(database.db);
    // owners, vehicles in every state and 车辆认证审核 requests, raised through the services
    if (config.demoCustomers) {
      await seedDemoCustomers(database.db, config.dataDir);
      // one owner's paid stays at 东门停车场, so 车主详情 opens on 支付记录
      await seedDemoOwnerPayments(database.db, config.dataDir);
      // 客户投诉 in every state, and 张先生's own dispute of that stay
      await seedDemoComplaints(database.db);
      // 申诉审核: owners' appeals of their stays there, two waiting and one decided of each kind
      await seedDemoAppeals(database.db, config.dataDir);
      // 开票记录 in each state: 张先生's requests, issued through the sandbox platform, one red-flushed
      await seedDemoInvoices(database.db, config.dataDir);
    }
    server.log.info('demo data seeded: tenants demo and mw');
  }

  // with METRICS_PORT: hooked in before the app's routes, which take their hooks when registered
  const metrics = config.metricsPort === undefined ? undefined : createMetricsRegistry();
  if (metrics) installMetrics(server, metrics, { database });
  await server.register(app, { config, database, redis });
  // with DATABASE_URL each on one process at a time across all processes (README)
  const scheduledJobs = startScheduledJobs(database, config, server.log, metrics ? jobMetrics(metrics) : undefined);
  let metricsServer: MetricsServer | undefined;

  let demoHeartbeats: { stop: () => Promise<void> } | undefined;
  // only this process can read the embedded database while it runs: npm run backup asks it on a loopback port of its own
  const backupControl = database.kind === 'pglite' ? await startBackupControl(config.dataDir, () => backupServiceOf(database, { ...config, now: () => new Date() }).takeNow()) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const timer = setTimeout(() => {
      server.log.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await demoHeartbeats?.stop();
      await scheduledJobs.stop();
      await backupControl?.close();
      await server.close();
      await metricsServer?.close();
      await redis?.quit();
      await database.close();
      process.exit(0);
    } catch (error) {
      server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (metrics && config.metricsPort !== undefined) {
    metricsServer = await startMetricsServer(metrics, { port: config.metricsPort, host: config.metricsHost });
    const { address, family, port } = metricsServer.address;
    server.log.info({ address: `http://${family === 'IPv6' ? `[${address}]` : address}:${port}/metrics` }, 'metrics listening (Prometheus)');
  }
  await server.listen({ port: config.port, host: config.host });
  const [own] = server.addresses();
  // the demo's working devices report as real ones do, through the device API, to this very process
  if (own && typeof own === 'object' && config.demoHeartbeatMs > 0) {
    demoHeartbeats = startDemoHeartbeats(`http://${own.family === 'IPv6' ? `[${own.address}]` : own.address}:${own.port}`, server.log, config.demoHeartbeatMs);
  }
  // the demo cameras' stand-in clip, made by ffmpeg in the background; 视频监控 retries until it is there
  if (freshInstall) void ensureStandinClip(config.dataDir, server.log);
  if (freshInstall && config.demoHistoryDays > 0) {
    // the console is usable at once; the demo's past days fill in behind it
    server.log.info({ days: config.demoHistoryDays }, 'generating demo traffic history');
    seedDemoHistory(database.db, config.dataDir, config.demoHistoryDays)
      .then((done) => server.log.info(done, 'demo traffic history generated'))
      .catch((error: unknown) => server.log.error({ err: error }, 'demo traffic history failed'));
  }
};

main().catch((error: unknown) => {
  console.error('服务启动失败 / server failed to start:', error);
  process.exit(1);
});
