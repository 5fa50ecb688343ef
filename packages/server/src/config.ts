import { resolve } from 'node:path';
import { defaultVehicleAuthPhotoDays } from '@parking/contract';

export interface AppConfig {
  port: number;
  host: string;
  /** where GET /metrics (Prometheus) answers, apart from the API so the public never reaches it; none when METRICS_PORT is unset */
  metricsPort: number | undefined;
  /** METRICS_HOST, loopback unless set: a scraper elsewhere needs it opened deliberately */
  metricsHost: string;
  dataDir: string;
  /** a PostgreSQL server; the embedded PGlite under `dataDir` when absent */
  databaseUrl: string | undefined;
  /**
   * DATABASE_REPLICA_URL: a streaming replica of `databaseUrl` that serves the replica-safe reads
   * (lists, exports, reports, screen snapshots; db/replica.ts); only with DATABASE_URL
   */
  databaseReplicaUrl: string | undefined;
  /** REPLICA_STICKY_MS: how long after a write a user's reads stay on the primary, so they see what they wrote */
  replicaStickyMs: number;
  /** REPLICA_MAX_LAG_MS: a replica whose last replayed transaction is older than this, with WAL still to replay, is skipped */
  replicaMaxLagMs: number;
  /** REPLICA_CHECK_MS: how often (at most) the replica's state is looked at, on the readers' clock */
  replicaCheckMs: number;
  redisUrl: string | undefined;
  logLevel: string;
  /** where the built web app is; not served when the folder is absent */
  webDist: string;
  apiBaseUrl: string;
  amapKey: string;
  amapSecurityCode: string;
  weatherProviderUrl: string;
  weatherProviderKey: string;
  /** requests per minute one IP may make to the sign-in route */
  loginRateLimit: number;
  /** signs the tokens in QR codes; when unset a random key is made once and kept in the database */
  qrSecret: string | undefined;
  /**
   * the one origin (and optional path prefix) of every absolute address we hand out: QR codes, payment
   * and notice addresses, redirects; PUBLIC_BASE_URL, else the server's own http://localhost:PORT.
   * Never taken from a request, whose Host a stranger chooses.
   */
  publicBaseUrl: string;
  /** how often the server looks for devices that stopped sending heartbeats; 0 turns the check off */
  deviceOfflineCheckMs: number;
  /** days of traffic a fresh install generates at the demo lots; 0 for none */
  demoHistoryDays: number;
  /** how often the demo's working devices heartbeat through the device API while the server runs; 0 keeps them silent */
  demoHeartbeatMs: number;
  /** whether a fresh install gets the demo's car owners, vehicles and 车辆认证审核 requests (DEMO_CUSTOMERS=0: none) */
  demoCustomers: boolean;
  /** how often the server moves lane records left awaiting payment past the lot's arrears rule to 欠费; 0 turns it off */
  arrearsCheckMs: number;
  /** days a 车辆认证 request's 行驶证 photo is kept after its decision before it is removed */
  vehicleAuthPhotoDays: number;
  /**
   * who collects drivers' online payments: the sandbox cashier (a demo, it takes no money) or none,
   * when drivers pay at the booth and the phone pages say so
   */
  paymentProvider: PaymentProvider;
  /** BACKUP_KEEP: how many backups DATA_DIR/backups keeps after the nightly one; 0 turns the embedded database's nightly backup off */
  backupKeep: number;
  /** BACKUP_HOUR: the hour (0–23, Asia/Shanghai) from which the embedded database's nightly backup is taken */
  backupHour: number;
  /** SMS_REVEAL_CODES=1: the owner's 获取验证码 answers the code itself (a demo or browser test without an SMS gateway; never with real owners) */
  smsRevealCodes?: boolean;
}

export const paymentProviders = ['sandbox', 'none'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/**
 * Providers that run inside this server (the sandbox cashier) or take no online payment. Every other
 * provider sends drivers back and posts notices from its own servers, so it needs PUBLIC_BASE_URL:
 * listing the exceptions rather than the rule means a real provider added later needs it unasked.
 */
export const localPaymentProviders: readonly string[] = ['sandbox', 'none'] satisfies readonly PaymentProvider[];

export const needsPublicAddress = (provider: string) => !localPaymentProviders.includes(provider);

const publicBaseUrlExample = 'https://park.example.com 或 https://example.com/parking';

/**
 * PUBLIC_BASE_URL checked and without its trailing slash, or the server's own address when unset;
 * throws when a provider that needs a public address has none, or when the value is not an http(s) origin.
 */
export const publicBaseUrlOf = (value: string | undefined, provider: string, port: number): string => {
  if (value === undefined || value.trim() === '') {
    if (needsPublicAddress(provider)) {
      throw new Error(`PAYMENT_PROVIDER=${provider} 需要设置 PUBLIC_BASE_URL：支付机构要把车主送回、把支付通知发到本系统的公网地址（如 ${publicBaseUrlExample}）`);
    }
    return `http://localhost:${port}`;
  }
  const invalid = () => new Error(`PUBLIC_BASE_URL 须是 http(s) 地址，可带路径前缀，不带账号、查询串或 #（如 ${publicBaseUrlExample}），当前为 "${value}"`);
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw invalid();
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  // a prefix starting // would make our own paths read as another host
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password || /[?#]/.test(value) || prefix.includes('//')) throw invalid();
  return `${url.origin}${prefix}`;
};

const oneOf = <T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T => {
  if (value === undefined || value === '') return fallback;
  if (!(allowed as readonly string[]).includes(value)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return value as T;
};

const packageRoot = resolve(import.meta.dirname, '..');

const integer = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
};

/** A setting that must be above 0: 0 would mean "never lagging" or "check on every read", neither of them safe. */
const positive = (name: string, value: string | undefined, fallback: number): number => {
  const parsed = integer(name, value, fallback);
  if (parsed === 0) throw new Error(`${name} must be above 0, got "${value}"`);
  return parsed;
};

/** DATABASE_REPLICA_URL, refused without DATABASE_URL: a replica streams from a PostgreSQL server, and the embedded database is none. */
export const databaseReplicaUrlOf = (value: string | undefined, databaseUrl: string | undefined): string | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  if (!databaseUrl) {
    throw new Error(
      'DATABASE_REPLICA_URL needs DATABASE_URL: a read replica streams from a PostgreSQL server, and the embedded database (PGlite) has none. Set DATABASE_URL to the primary the replica follows, or unset DATABASE_REPLICA_URL',
    );
  }
  return value.trim();
};

/** METRICS_PORT: unset for no metrics listener, else a port (0 takes any free one) other than the API's. */
export const metricsPortOf = (value: string | undefined, apiPort: number): number | undefined => {
  if (value === undefined || value.trim() === '') return undefined;
  const parsed = Number(value);
  if (!/^\d+$/.test(value.trim()) || parsed > 65_535) throw new Error(`METRICS_PORT must be a port number from 0 to 65535, got "${value}"`);
  if (parsed !== 0 && parsed === apiPort) throw new Error(`METRICS_PORT must differ from PORT (${apiPort}): the metrics are never served on the public API's port`);
  return parsed;
};

/** BACKUP_HOUR: an hour of the day, 3 (03:00 in Asia/Shanghai) unless set. */
export const backupHourOf = (value: string | undefined) => {
  const hour = integer('BACKUP_HOUR', value, 3);
  if (hour > 23) throw new Error(`BACKUP_HOUR must be an hour from 0 to 23, got "${value}"`);
  return hour;
};

export const loadConfig = (env: NodeJS.ProcessEnv = process.env): AppConfig => {
  const port = integer('PORT', env.PORT, 8080);
  const paymentProvider = oneOf('PAYMENT_PROVIDER', env.PAYMENT_PROVIDER, paymentProviders, 'sandbox');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    metricsPort: metricsPortOf(env.METRICS_PORT, port),
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: databaseReplicaUrlOf(env.DATABASE_REPLICA_URL, env.DATABASE_URL || undefined),
    replicaStickyMs: integer('REPLICA_STICKY_MS', env.REPLICA_STICKY_MS, 5_000),
    replicaMaxLagMs: positive('REPLICA_MAX_LAG_MS', env.REPLICA_MAX_LAG_MS, 30_000),
    replicaCheckMs: positive('REPLICA_CHECK_MS', env.REPLICA_CHECK_MS, 5_000),
    redisUrl: env.REDIS_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    webDist: resolve(env.WEB_DIST || resolve(packageRoot, '../web/dist')),
    apiBaseUrl: env.API_BASE_URL || '',
    amapKey: env.AMAP_KEY || '',
    amapSecurityCode: env.AMAP_SECURITY_CODE || '',
    weatherProviderUrl: env.WEATHER_PROVIDER_URL || '',
    weatherProviderKey: env.WEATHER_PROVIDER_KEY || '',
    loginRateLimit: integer('LOGIN_RATE_LIMIT', env.LOGIN_RATE_LIMIT, 30),
    qrSecret: env.QR_SECRET || undefined,
    publicBaseUrl: publicBaseUrlOf(env.PUBLIC_BASE_URL, paymentProvider, port),
    deviceOfflineCheckMs: integer('DEVICE_OFFLINE_CHECK_MS', env.DEVICE_OFFLINE_CHECK_MS, 30_000),
    demoHistoryDays: integer('DEMO_HISTORY_DAYS', env.DEMO_HISTORY_DAYS, 2),
    demoHeartbeatMs: integer('DEMO_HEARTBEAT_MS', env.DEMO_HEARTBEAT_MS, 30_000),
    demoCustomers: env.DEMO_CUSTOMERS !== '0',
    arrearsCheckMs: integer('ARREARS_CHECK_MS', env.ARREARS_CHECK_MS, 60_000),
    vehicleAuthPhotoDays: integer('VEHICLE_AUTH_PHOTO_DAYS', env.VEHICLE_AUTH_PHOTO_DAYS, defaultVehicleAuthPhotoDays),
    paymentProvider,
    smsRevealCodes: env.SMS_REVEAL_CODES === '1',
    backupKeep: integer('BACKUP_KEEP', env.BACKUP_KEEP, 7),
    backupHour: backupHourOf(env.BACKUP_HOUR),
  };
};

/** Assets shipped with the server (seeded tenant logos). */
export const assetsDir = resolve(packageRoot, 'assets');
