import { dataViewLiveEvent, type DataViewLiveEvent } from '@parking/contract';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/** What the screens show live (a car in or out, a warning, a device's state); the tenant says whose screens get it. */
export type LiveEvent = DataViewLiveEvent & { tenantId: string };

const liveEvent = z.intersection(dataViewLiveEvent, z.object({ tenantId: z.string() }));

/** A live event read back from a channel; undefined for anything else. */
export const parseLiveEvent = (text: string): LiveEvent | undefined => {
  try {
    const parsed = liveEvent.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

type Listener = (event: LiveEvent) => void;

/**
 * Events pushed to open screens. In one process they go straight to its screens; with Redis every
 * process publishes to one channel and each hands what it hears to its own screens, so a screen
 * sees the cars of every process.
 */
export interface LiveEventBus {
  /** to the tenant's screens of every process */
  publish(event: LiveEvent): void;
  /** to the tenant's screens of this process only: for what every process hears by itself */
  deliver(event: LiveEvent): void;
  /** the tenant's events until the returned function is called */
  subscribe(tenantId: string, listener: Listener): () => void;
  /** settles once this process hears every source of events, so a screen opened now misses nothing after */
  ready(): Promise<void>;
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
  return { publish: screens.deliver, deliver: screens.deliver, subscribe: screens.subscribe, ready: async () => undefined, close: async () => undefined };
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
  // not awaited by ready: a Redis that is down must not hold up the server's start (ioredis queues it).
  // A subscribe that failed meanwhile is not among those ioredis renews on reconnecting, so every
  // connection subscribes again (a channel subscribed twice is heard once)
  const subscribe = () => void listener.subscribe(channel).catch(() => undefined);
  subscribe();
  listener.on('ready', subscribe);
  listener.on('message', (_channel: string, message: string) => {
    const event = parseLiveEvent(message);
    if (event) screens.deliver(event);
  });
  return {
    publish: (event) => void redis.publish(channel, JSON.stringify(event)).catch(() => undefined),
    deliver: screens.deliver,
    subscribe: screens.subscribe,
    ready: async () => undefined,
    close: async () => {
      await listener.quit().catch(() => undefined);
    },
  };
};

/** The channel the database's triggers (migration 0046) NOTIFY warnings and device changes on. */
export const databaseLiveChannel = 'parking_live';

/**
 * Adds what the database notifies (warnings raised or handled, devices on- or offline, from any
 * code path of any process, once committed) to `bus`'s screens of this process, from `ready` on
 * (the app calls it as it starts).
 */
export const withDatabaseEvents = (bus: LiveEventBus, listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>): LiveEventBus => {
  let listening: Promise<() => Promise<void>> | undefined;
  const start = () =>
    (listening ??= listen(databaseLiveChannel, (payload) => {
      const event = parseLiveEvent(payload);
      if (event) bus.deliver(event);
    }));
  return {
    ...bus,
    ready: async () => {
      await start();
      await bus.ready();
    },
    close: async () => {
      if (listening) await (await listening)();
      await bus.close();
    },
  };
};
