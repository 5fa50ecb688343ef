import { describe, expect, it } from 'vitest';
import { loadConfig, needsPublicAddress, paymentProviders, publicBaseUrlOf } from './config.js';

const invalid = 'PUBLIC_BASE_URL 须是 http(s) 地址';

describe('publicBaseUrl: the one origin of every address we hand out', () => {
  it("is the server's own address when PUBLIC_BASE_URL is unset", () => {
    expect(loadConfig({}).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '9090', PUBLIC_BASE_URL: '' }).publicBaseUrl).toBe('http://localhost:9090');
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).publicBaseUrl).toBe('http://localhost:8080');
  });

  it('takes an http(s) origin with an optional path prefix, without its trailing slash', () => {
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://park.example.com/' }).publicBaseUrl).toBe('https://park.example.com');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://Park.Example.com:443/parking//' }).publicBaseUrl).toBe('https://park.example.com/parking');
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://10.0.0.5:8080' }).publicBaseUrl).toBe('http://10.0.0.5:8080');
  });

  it('refuses anything else at start, naming the setting and what it got', () => {
    for (const value of [
      'park.example.com',
      '/parking',
      'ftp://park.example.com',
      'javascript:alert(1)',
      'https://user:pw@park.example.com',
      'https://park.example.com/?a=1',
      'https://park.example.com/#x',
      'https://park.example.com//evil.example',
    ]) {
      expect(() => loadConfig({ PUBLIC_BASE_URL: value }), value).toThrow(invalid);
      expect(() => loadConfig({ PUBLIC_BASE_URL: value }), value).toThrow(`当前为 "${value}"`);
    }
  });
});

describe('a payment provider that needs a public address', () => {
  it('is every provider but the ones running here, so a new real provider needs one unasked', () => {
    expect(paymentProviders.filter(needsPublicAddress)).toEqual([]);
    expect(needsPublicAddress('wechat')).toBe(true);
    expect(needsPublicAddress('alipay')).toBe(true);
  });

  it('refuses to start without PUBLIC_BASE_URL, and starts with one', () => {
    expect(() => publicBaseUrlOf(undefined, 'wechat', 8080)).toThrow('PAYMENT_PROVIDER=wechat 需要设置 PUBLIC_BASE_URL');
    expect(() => publicBaseUrlOf(' ', 'wechat', 8080)).toThrow('PAYMENT_PROVIDER=wechat 需要设置 PUBLIC_BASE_URL');
    expect(() => publicBaseUrlOf('not an address', 'wechat', 8080)).toThrow(invalid);
    expect(publicBaseUrlOf('https://park.example.com', 'wechat', 8080)).toBe('https://park.example.com');
    expect(publicBaseUrlOf(undefined, 'sandbox', 8080)).toBe('http://localhost:8080');
  });
});

describe('the metrics listener, apart from the API', () => {
  it('is off unless METRICS_PORT is set, and listens on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' })).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' })).toMatchObject({ metricsPort: 0, metricsHost: '0.0.0.0' });
  });

  it('refuses a port that is not one, naming the setting and what it got', () => {
    for (const value of ['abc', '-1', '65536', '9464.5', '1e3', '0x10']) {
      expect(() => loadConfig({ METRICS_PORT: value }), value).toThrow(`METRICS_PORT must be a port number from 0 to 65535, got "${value}"`);
    }
  });

  it("refuses the API's own port: the public would read the metrics there", () => {
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow('METRICS_PORT must differ from PORT (8080)');
    expect(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' })).toThrow('METRICS_PORT must differ from PORT (9000)');
    expect(loadConfig({ PORT: '9000', METRICS_PORT: '8080' }).metricsPort).toBe(8080);
  });
});

describe('the read replica', () => {
  it('is off unless DATABASE_REPLICA_URL is set, and keeps a writer on the primary 5 s unless REPLICA_STICKY_MS says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ databaseReplicaUrl: undefined, replicaStickyMs: 5_000 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/parking', DATABASE_REPLICA_URL: ' postgres://replica/parking ', REPLICA_STICKY_MS: '2000' })).toMatchObject({
      databaseUrl: 'postgres://db/parking',
      databaseReplicaUrl: 'postgres://replica/parking',
      replicaStickyMs: 2_000,
    });
    expect(loadConfig({ DATABASE_REPLICA_URL: '' }).databaseReplicaUrl).toBeUndefined();
  });

  it('refuses a replica without DATABASE_URL: the embedded database has none', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URL: 'postgres://replica/parking' })).toThrow('DATABASE_REPLICA_URL needs DATABASE_URL');
    expect(() => loadConfig({ DATABASE_URL: '', DATABASE_REPLICA_URL: 'postgres://replica/parking' })).toThrow('DATABASE_REPLICA_URL needs DATABASE_URL');
  });

  it('refuses a sticky window that is not a whole number of milliseconds', () => {
    expect(() => loadConfig({ REPLICA_STICKY_MS: 'soon' })).toThrow('REPLICA_STICKY_MS must be a non-negative integer, got "soon"');
  });

  it('skips a replica 30 s behind and looks at it every 5 s unless REPLICA_MAX_LAG_MS and REPLICA_CHECK_MS say otherwise; neither may be 0', () => {
    expect(loadConfig({})).toMatchObject({ replicaMaxLagMs: 30_000, replicaCheckMs: 5_000 });
    expect(loadConfig({ REPLICA_MAX_LAG_MS: '2000', REPLICA_CHECK_MS: '500' })).toMatchObject({ replicaMaxLagMs: 2_000, replicaCheckMs: 500 });
    expect(() => loadConfig({ REPLICA_MAX_LAG_MS: '0' })).toThrow('REPLICA_MAX_LAG_MS must be above 0, got "0"');
    expect(() => loadConfig({ REPLICA_CHECK_MS: '-1' })).toThrow('REPLICA_CHECK_MS must be a non-negative integer, got "-1"');
  });
});
