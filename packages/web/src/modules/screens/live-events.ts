import { useCallback, useEffect, useRef, useState } from 'react';
import { dataViewLiveEvent, dataViewPaths, type CarLiveEvent, type DataViewLiveEvent } from '@parking/contract';
import { http } from '../../shared/http/http-client';
import { getToken } from '../../shared/http/token-cookie';

/** connecting: the first stream is being opened; live: events flow; reconnecting: it broke and is opened again; refused: the user may not watch */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'refused';

/**
 * Splits what a text/event-stream sent so far into its events' `data:` lines; answers the events and
 * what is left of an unfinished one. Comments (`: keep-alive`) and `retry:` lines carry no event.
 */
export const readEventStream = (buffered: string): { events: DataViewLiveEvent[]; rest: string } => {
  const events: DataViewLiveEvent[] = [];
  const messages = buffered.replace(/\r\n/g, '\n').split('\n\n');
  const rest = messages.pop() ?? '';
  for (const message of messages) {
    const data = message
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trimStart())
      .join('\n');
    if (!data) continue;
    try {
      const parsed = dataViewLiveEvent.safeParse(JSON.parse(data));
      if (parsed.success) events.push(parsed.data);
    } catch {
      // not an event of ours: skipped
    }
  }
  return { events, rest };
};

export interface LiveEventOptions {
  /** how long a broken stream waits before it is opened again */
  retryMs?: number;
  /** the fetch the stream is opened with (tests hand in their own) */
  fetcher?: typeof fetch;
}

/**
 * The screens' live events of the signed-in user's tenant, opened with the console's token (an
 * EventSource cannot send it) and opened again by itself whenever it breaks; `onEvent` gets each car
 * in or out, warning and device change, `onReconnected` is told when a broken stream is back so the screen can read a fresh
 * snapshot of what it missed.
 */
export function useLiveEvents(onEvent: (event: DataViewLiveEvent) => void, onReconnected: () => void, options: LiveEventOptions = {}): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handlers = useRef({ onEvent, onReconnected });
  handlers.current = { onEvent, onReconnected };
  const { retryMs = 3_000, fetcher = fetch } = options;

  useEffect(() => {
    const stopped = new AbortController();
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        stopped.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    const run = async () => {
      let broken = false;
      while (!stopped.signal.aborted) {
        try {
          const token = getToken();
          const response = await fetcher(`${http.defaults.baseURL ?? ''}${dataViewPaths.events}`, {
            headers: { accept: 'text/event-stream', ...(token ? { authorization: token } : {}) },
            signal: stopped.signal,
          });
          if (response.status === 401 || response.status === 403) {
            setStatus('refused');
            return;
          }
          if (!response.ok || !response.body) throw new Error(`实时事件连接失败（${response.status}）`);
          setStatus('live');
          if (broken) handlers.current.onReconnected();
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffered = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            const { events, rest } = readEventStream(buffered + value);
            buffered = rest;
            for (const event of events) handlers.current.onEvent(event);
          }
        } catch {
          // a broken or refused connection: opened again below
        }
        if (stopped.signal.aborted) return;
        broken = true;
        setStatus('reconnecting');
        await wait(retryMs);
      }
    };
    void run();
    return () => stopped.abort();
  }, [fetcher, retryMs]);

  return status;
}

/** Whether a live event is a car in or out (the others are warnings and devices). */
export const isCarEvent = (event: DataViewLiveEvent): event is CarLiveEvent => event.kind === 'entry' || event.kind === 'exit';

/**
 * A snapshot read again `delayMs` after the first of a burst of live events, once for the burst:
 * the server keeps a tenant's snapshot for a few seconds, so asking at once would bring back the
 * same one. Answers what to call on each event that matters to the screen.
 */
export function useRefetchAfterEvents(refetch: () => unknown, delayMs: number): () => void {
  const pending = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(pending.current), []);
  return useCallback(() => {
    if (pending.current !== undefined) return;
    pending.current = window.setTimeout(() => {
      pending.current = undefined;
      void refetch();
    }, delayMs);
  }, [refetch, delayMs]);
}
