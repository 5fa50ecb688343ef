import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { inProcessBus, redisBus, withDatabaseEvents } from './plugins/live-events.js';
import { useChineseMessages } from '@parking/contract';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { authenticate, tokenFromHeader } from './modules/auth/index.js';
import { permissionCodes, platformOnlyMenus } from './modules/system/index.js';
import { exportProgressRoutes } from './modules/system/export-progress.routes.js';
import { exportProgressBoard } from './shared/export-progress.js';
import { regionRoutes } from './modules/base/region.routes.js';
import { deviceIngestionRoutes } from './modules/devices/device-ingestion.routes.js';
import { deviceRoutes } from './modules/devices/device.routes.js';
import { offlineTaskRoutes } from './modules/devices/offline-task.routes.js';
import { screenRoutes } from './modules/devices/screen.routes.js';
import { orderWarningRoutes } from './modules/orders/order-warning.routes.js';
import { parkingRecordRoutes } from './modules/orders/parking-record.routes.js';
import { recordEditAuditRoutes } from './modules/orders/record-edit-audit.routes.js';
import { vehicleEventRoutes } from './modules/orders/vehicle-event.routes.js';
import { findListedRecord, findOpenStay } from './modules/orders/parking-record.repository.js';
import { paymentRoutes } from './modules/payments/payment.routes.js';
import { driverPayRoutes } from './modules/payments/driver-pay.routes.js';
import type { NoticeDelivery } from './modules/payments/gateway/sandbox-gateway.js';
import { laneCommandRoutes } from './modules/devices/lane-command.routes.js';
import { refundRoutes } from './modules/payments/refund.routes.js';
import { sandboxBills, sandboxRefunder, type SandboxBillAdjustment } from './modules/payments/index.js';
import { recoveryRecordRoutes } from './modules/recovery/recovery-record.routes.js';
import { arrearsRoutes } from './modules/recovery/arrears.routes.js';
import { activityRoutes } from './modules/screens/activity.routes.js';
import { dataViewEventRoutes } from './modules/screens/data-view-events.routes.js';
import { dataViewRoutes } from './modules/screens/data-view.routes.js';
import { playerRoutes } from './modules/screens/player.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { longRentalRoutes } from './modules/parking/long-rental.routes.js';
import { groupCardOpenRoutes } from './modules/marketing/group-card-open.routes.js';
import { groupCardRoutes } from './modules/marketing/group-card.routes.js';
import { specialBillOpenRoutes } from './modules/marketing/special-bill-open.routes.js';
import { specialBillRoutes } from './modules/marketing/special-bill.routes.js';
import { groupRoutes } from './modules/marketing/group.routes.js';
import { couponRoutes } from './modules/marketing/coupon.routes.js';
import { merchantRoutes } from './modules/marketing/merchant.routes.js';
import { merchantOpenRoutes } from './modules/marketing/merchant-open.routes.js';
import { customerRoutes, customerVehicleRoutes } from './modules/customers/customer.routes.js';
import { vehicleAuthRoutes } from './modules/customers/vehicle-auth.routes.js';
import { ownerRoutes } from './modules/customers/owner.routes.js';
import { phoneChangeOpenRoutes, phoneChangeRoutes } from './modules/customers/phone-change.routes.js';
import { ownerStayRoutes } from './modules/payments/owner-stays.routes.js';
import { plateListRoutes } from './modules/customers/plate-list.routes.js';
import {
  invoiceDeps,
  invoiceRoutes,
  invoicesAfterAppeal,
  ownerInvoiceRoutes,
  recordInvoiceRoutes,
  reconciliationRoutes,
  revenueReportRoutes,
  type InvoiceDeps,
} from './modules/finance/index.js';
import { afterAppealUpheld, appealRoutes, complaintRoutes, ownerAppealRoutes, ownerComplaintRoutes, recordComplaintRoutes } from './modules/service/index.js';
import { parkingAreaRoutes } from './modules/parking/parking-area.routes.js';
import { parkingCounterRoutes } from './modules/parking/parking-counter.routes.js';
import { parkingLaneRoutes } from './modules/parking/parking-lane.routes.js';
import { parkingLotRoutes } from './modules/parking/parking-lot.routes.js';
import { parkingQrCodeRoutes } from './modules/parking/parking-qrcode.routes.js';
import { parkingSpaceRoutes } from './modules/parking/parking-space.routes.js';
import { tariffRoutes } from './modules/parking/tariff.routes.js';
import { dictionaryRoutes } from './modules/system/dictionary.routes.js';
import { identityRoutes } from './modules/system/identity.routes.js';
import { profileRoutes } from './modules/system/profile.routes.js';
import { tenantRoutes } from './modules/system/tenant.routes.js';
import { backupRoutes } from './modules/system/backup.routes.js';
import { operationLogRoutes } from './modules/system/operation-log.routes.js';
import { userAdminRoutes } from './modules/system/user-admin.routes.js';
import { userRoutes } from './modules/system/user.routes.js';
import { qweatherProvider, type WeatherProvider } from './modules/system/weather.provider.js';
import { weatherRoutes } from './modules/system/weather.routes.js';
import { drawCaptcha, type CaptchaImage } from './modules/auth/captcha.js';
import { logOnlySmsSender, type SmsSender } from './modules/auth/sms-sender.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { healthPlugin } from './plugins/health.js';
import { inputTextPlugin } from './plugins/input-text.js';
import { openapiPlugin } from './plugins/openapi.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { tenancyPlugin } from './plugins/tenancy.js';
import { webPlugin } from './plugins/web.js';
import { appSecret } from './shared/app-secret.js';
import { useJsonBodyParser } from './shared/json-body.js';
import './types.js';

export interface AppOptions {
  config: AppConfig;
  database: Database;
  redis?: Redis | undefined;
  smsSender?: SmsSender;
  drawCaptcha?: () => CaptchaImage;
  /** replaces the provider named by WEATHER_PROVIDER_URL */
  weatherProvider?: WeatherProvider;
  /** how the sandbox payment provider posts its notices (tests answer them in-process) */
  sandboxDelivery?: NoticeDelivery;
  /** set only by tests and the demo: how the sandbox's daily bill disagrees with what it did */
  sandboxBillAdjustments?: readonly SandboxBillAdjustment[];
  /** the app's clock, `app.now`; the real one unless a test fixes it */
  now?: () => Date;
  /** the invoice platform and mail sender; by default those INVOICE_PROVIDER names, mail only logged */
  invoices?: Partial<Pick<InvoiceDeps, 'provider' | 'mail'>>;
}

useChineseMessages();
// an upheld appeal that corrects an invoiced stay's plate or gives money back marks its invoice 待红冲
afterAppealUpheld(invoicesAfterAppeal);

/** The whole product as one Fastify plugin; server.ts owns the process around it. */
export const app = fp(
  async (instance: FastifyInstance, options: AppOptions) => {
    instance.decorate('config', options.config);
    instance.decorate('database', options.database);
    instance.decorate('db', options.database.db);
    instance.decorate('now', options.now ?? (() => new Date()));
    instance.decorate('exportProgress', exportProgressBoard(instance.now, options.redis));
    // cars in and out, pushed to the open screens of every process (through Redis when there is one);
    // warnings and devices' states as the database notifies them, which every process hears itself
    const liveEvents = withDatabaseEvents(options.redis ? redisBus(options.redis) : inProcessBus(), (channel, onPayload) => options.database.listen(channel, onPayload));
    instance.decorate('liveEvents', liveEvents);
    // heard from before the first request: a request runs in a transaction, and PGlite's one
    // connection could not LISTEN until that transaction ended
    instance.addHook('onReady', () => liveEvents.ready());
    instance.addHook('onClose', () => liveEvents.close());
    instance.setValidatorCompiler(validatorCompiler);
    instance.setSerializerCompiler(serializerCompiler);

    // first, so even a request refused by a later hook has its id and its line
    await instance.register(requestLogPlugin);
    await instance.register(errorsPlugin);
    // Answers over 1 KB go out compressed (br, else gzip) when the browser accepts it; registered before
    // the routes, which it hooks as they are added. Only text, JSON and the types mime-db calls
    // compressible: images, xlsx and zip files are compressed already, and an event stream
    // (text/event-stream) must reach the browser as it is written.
    await instance.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      customTypes: /^text\/(?!event-stream)|[+/]json(?:;|$)/,
    });
    useJsonBodyParser(instance);
    await instance.register(inputTextPlugin);
    await instance.register(cookie);
    await instance.register(formbody);
    // uploads are single images; each route narrows the size further (shared/image-upload.ts)
    await instance.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 0, parts: 1 } });
    await instance.register(tenancyPlugin);
    await instance.register(rateLimit, {
      global: false,
      ...(options.redis ? { redis: options.redis, nameSpace: 'parking-rate-limit:' } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 429,
        msg: `请求过于频繁，请${Math.ceil(context.ttl / 1000)}秒后再试`,
        data: null,
      }),
    });
    await instance.register(openapiPlugin);
    // /healthz and /readyz for a load balancer: outside /api, so no sign-in, tenant or rate limit applies
    await instance.register(healthPlugin, { redis: options.redis });
    await instance.register(authPlugin, {
      authenticate: (db, authorization, now) => authenticate(db, tokenFromHeader(authorization), now),
      permissionCodes,
      platformOnlyMenus,
    });

    const smsSender = options.smsSender ?? logOnlySmsSender(instance.log);
    await instance.register(authRoutes, {
      deps: {
        drawCaptcha: options.drawCaptcha ?? drawCaptcha,
        smsSender,
      },
      loginRateLimit: options.config.loginRateLimit,
    });

    await instance.register(messagesRoutes);
    await instance.register(userRoutes);
    await instance.register(userAdminRoutes);
    await instance.register(operationLogRoutes);
    await instance.register(dictionaryRoutes);
    await instance.register(identityRoutes);
    await instance.register(tenantRoutes);
    await instance.register(backupRoutes);
    await instance.register(profileRoutes);
    await instance.register(exportProgressRoutes);
    await instance.register(regionRoutes);
    await instance.register(parkingAreaRoutes);
    await instance.register(parkingLotRoutes);
    await instance.register(parkingLaneRoutes);
    await instance.register(parkingSpaceRoutes);
    await instance.register(tariffRoutes);
    await instance.register(parkingCounterRoutes);
    // one key signs every printed code: lots, lanes, spaces and group cards
    const qrSecret = options.config.qrSecret ?? (await appSecret(options.database.db, 'qr'));
    await instance.register(parkingQrCodeRoutes, { secret: qrSecret, publicBaseUrl: options.config.publicBaseUrl });
    await instance.register(longRentalRoutes);
    await instance.register(deviceRoutes);
    await instance.register(screenRoutes);
    await instance.register(offlineTaskRoutes);
    await instance.register(deviceIngestionRoutes);
    await instance.register(vehicleEventRoutes);
    await instance.register(paymentRoutes);
    // the console's refunds and reconciliation give online payments' money back at the provider
    const refunder = options.config.paymentProvider === 'sandbox' ? sandboxRefunder(instance.db) : undefined;
    await instance.register(refundRoutes, { gateway: refunder });
    await instance.register(revenueReportRoutes);
    const driverPay = {
      secret: qrSecret,
      provider: options.config.paymentProvider,
      sandboxSecret: await appSecret(options.database.db, 'sandbox-pay'),
      publicBaseUrl: options.config.publicBaseUrl,
      ...(options.sandboxDelivery ? { deliver: options.sandboxDelivery } : {}),
    };
    await instance.register(driverPayRoutes, driverPay);
    await instance.register(ownerStayRoutes, driverPay);
    const bills = options.config.paymentProvider === 'sandbox' ? sandboxBills(instance.db, { now: () => instance.now(), billAdjustments: options.sandboxBillAdjustments }) : undefined;
    await instance.register(reconciliationRoutes, { bills, gateway: refunder });
    await instance.register(laneCommandRoutes);
    await instance.register(recordEditAuditRoutes);
    await instance.register(parkingRecordRoutes);
    await instance.register(orderWarningRoutes);
    await instance.register(arrearsRoutes);
    await instance.register(recoveryRecordRoutes);
    await instance.register(groupRoutes);
    await instance.register(groupCardRoutes, { secret: qrSecret, publicBaseUrl: options.config.publicBaseUrl });
    await instance.register(groupCardOpenRoutes, { secret: qrSecret });
    await instance.register(activityRoutes);
    await instance.register(dataViewRoutes);
    await instance.register(dataViewEventRoutes);
    await instance.register(playerRoutes, { secret: await appSecret(options.database.db, 'stream'), dataDir: options.config.dataDir });
    await instance.register(specialBillRoutes, { secret: qrSecret, publicBaseUrl: options.config.publicBaseUrl });
    await instance.register(merchantRoutes);
    await instance.register(couponRoutes, { findOpenStay });
    await instance.register(merchantOpenRoutes, { findOpenStay, findStay: findListedRecord, secret: qrSecret, signInRateLimit: options.config.loginRateLimit });
    await instance.register(customerRoutes);
    await instance.register(customerVehicleRoutes);
    await instance.register(vehicleAuthRoutes);
    const ownerOptions = {
      smsSender,
      // with no SMS gateway connected the code is in the server log: the owner's page says so
      demoHint: options.smsSender ? null : '演示环境未接入短信网关，验证码已写入服务器日志',
      revealCodes: options.config.smsRevealCodes ?? false,
      signInRateLimit: options.config.loginRateLimit,
    };
    await instance.register(ownerRoutes, ownerOptions);
    await instance.register(phoneChangeRoutes);
    await instance.register(phoneChangeOpenRoutes, ownerOptions);
    await instance.register(plateListRoutes);
    await instance.register(complaintRoutes);
    await instance.register(ownerComplaintRoutes);
    await instance.register(recordComplaintRoutes, { secret: qrSecret });
    await instance.register(appealRoutes);
    await instance.register(ownerAppealRoutes);
    const invoices = invoiceDeps({ ...options.invoices, dataDir: options.config.dataDir, now: instance.now, log: instance.log });
    await instance.register(invoiceRoutes, { deps: invoices });
    await instance.register(ownerInvoiceRoutes, { deps: invoices });
    await instance.register(recordInvoiceRoutes, { deps: invoices, secret: qrSecret });
    await instance.register(specialBillOpenRoutes, { secret: qrSecret, onlinePay: options.config.paymentProvider !== 'none' });
    const { weatherProviderUrl, weatherProviderKey } = options.config;
    await instance.register(weatherRoutes, {
      provider: options.weatherProvider ?? (weatherProviderUrl ? qweatherProvider(weatherProviderUrl, weatherProviderKey) : undefined),
    });

    await instance.register(webPlugin);
  },
  { name: 'parking-app' },
);
