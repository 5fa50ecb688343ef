import type { Redis } from 'ioredis';

/** A car in or out, as 数据大屏 shows it live; the tenant says whose screens get it. */
export interface LiveEvent {
  tenantId: string;
  kind: 'entry' | 'exit';
  plateNumber: string;
  lotId: string;
  at: string;
}

type Listener = (event: LiveEvent) => void;

/**
 * Events pushed to open screens. In one process they go straight to its screens; with Redis every
 * process publishes to one channel and each hands what it hears to its own screens, so a screen
 * sees the cars of every process.
 */
export interface LiveEventBus {
  publish(event: LiveEvent): void;
  /** the tenant's events until the returned function is called */
  subscribe(tenantId: string, listener: Listener): () => void;
  close(): Promise<void>;
}

/** The screens of this process, by tenant. */
const localScreens = () => {
  const byTenant = new Map<string, Set<Listener>>();
  return {
    deliver: (event: LiveEvent) => {
      for (const listener of byTenant.get(event.tenantId) ?? []) listener(event);
    },
    subscribe: (tenantId: string, listener: Listener) => {
      const listeners = byTenant.get(tenantId) ?? new Set<Listener>();
      byTenant.set(tenantId, listeners.add(listener));
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) byTenant.delete(tenantId);
      };
    },
  };
};

export const inProcessBus = (): LiveEventBus => {
  const screens = localScreens();
  return { publish: screens.deliver, subscribe: screens.subscribe, close: async () => undefined };
};

export const liveEventChannel = 'parking:live-events';

/**
 * Through Redis pub/sub: `redis` publishes, a connection of its own listens (a subscribed Redis
 * connection can do nothing else). A lost event is a screen one car behind until its next
 * snapshot, so a failed publish is logged by ioredis and not retried.
 */
export const redisBus = (redis: Redis, channel = liveEventChannel): LiveEventBus => {
  const screens = localScreens();
  const listener = redis.duplicate();
  void listener.subscribe(channel);
  listener.on('message', (_channel: string, message: string) => {
    try {
      screens.deliver(JSON.parse(message) as LiveEvent);
    } catch {
      // not one of ours
    }
  });
  return {
    publish: (event) => void redis.publish(channel, JSON.stringify(event)).catch(() => undefined),
    subscribe: screens.subscribe,
    close: async () => {
      await listener.quit().catch(() => undefined);
    },
  };
};
