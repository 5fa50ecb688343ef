import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { DataViewLiveEvent } from '@parking/contract';
import { isCarEvent, readEventStream, useLiveEvents, type LiveEventOptions } from './live-events';
import { fakeStreams } from './live-events-test-kit';

const car = (plateNumber: string, kind: 'entry' | 'exit' = 'entry'): DataViewLiveEvent => ({ kind, plateNumber, lotId: 'lot-1', at: '2026-03-10T02:00:00.000Z' });

describe('readEventStream', () => {
  it('answers whole events, keeps an unfinished one for later, and skips comments, retry lines and strangers', () => {
    const sent = `retry: 3000\n\n: keep-alive\n\ndata: ${JSON.stringify(car('粤B1'))}\n\ndata: {"kind":"parked"}\n\ndata: not json\n\ndata: ${JSON.stringify(car('粤B2', 'exit')).slice(0, 20)}`;
    const { events, rest } = readEventStream(sent);
    expect(events).toEqual([car('粤B1')]);
    expect(rest).toBe(`data: ${JSON.stringify(car('粤B2', 'exit')).slice(0, 20)}`);
    expect(readEventStream(`${rest}${JSON.stringify(car('粤B2', 'exit')).slice(20)}\r\n\r\n`).events).toEqual([car('粤B2', 'exit')]);
  });

  it('answers warnings and device changes beside cars, and skips one whose fields are not of its kind', () => {
    const warning: DataViewLiveEvent = { kind: 'warning', warningKind: 'blacklist_entry', state: 'open', plateNumber: '粤B1', lotId: 'lot-1', at: '2026-03-10T02:00:00.000Z' };
    const device: DataViewLiveEvent = { kind: 'device', deviceSn: 'CAM-1', deviceType: 'camera', onlineState: 'offline', lotId: 'lot-1' };
    const sent = [warning, device, { ...device, onlineState: 'asleep' }, { ...warning, kind: 'device' }].map((e) => `data: ${JSON.stringify(e)}\n\n`).join('');
    expect(readEventStream(sent).events).toEqual([warning, device]);
    expect([warning, device, car('粤B3')].map(isCarEvent)).toEqual([false, false, true]);
  });
});

/** What a screen does with the hook: lists the plates it was given, and where it was told of a reconnection. */
function Screen({ options }: { options: LiveEventOptions }) {
  const [seen, setSeen] = useState<string[]>([]);
  const add = (item: string) => setSeen((list) => [...list, item]);
  const status = useLiveEvents(
    (event) => add(isCarEvent(event) ? event.plateNumber : event.kind),
    () => add('重新连接'),
    options,
  );
  return (
    <div>
      <span data-testid="status">{status}</span>
      <span data-testid="seen">{seen.join(',')}</span>
    </div>
  );
}

describe('useLiveEvents', () => {
  it('hands on each car, opens a broken stream again by itself, and says so', async () => {
    const server = fakeStreams();
    render(<Screen options={{ fetcher: server.fetcher, retryMs: 5 }} />);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('live'));
    expect(server.opened[0]!.headers).toMatchObject({ accept: 'text/event-stream' });
    act(() => server.opened[0]!.push(`data: ${JSON.stringify(car('粤B1'))}\n\ndata: ${JSON.stringify(car('粤B2'))}`));
    act(() => server.opened[0]!.push(`\n\n`));
    await waitFor(() => expect(screen.getByTestId('seen').textContent).toBe('粤B1,粤B2'));
    act(() => server.opened[0]!.close());
    await waitFor(() => expect(server.opened).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('live'));
    act(() => server.opened[1]!.push(`data: ${JSON.stringify(car('粤B3', 'exit'))}\n\n`));
    await waitFor(() => expect(screen.getByTestId('seen').textContent).toBe('粤B1,粤B2,重新连接,粤B3'));
  });

  it('stops, saying so, when the user may not watch', async () => {
    const server = fakeStreams();
    server.refuseWith(403);
    render(<Screen options={{ fetcher: server.fetcher, retryMs: 5 }} />);
    await waitFor(() => expect(screen.getByTestId('status').textContent).toBe('refused'));
    expect(server.opened).toHaveLength(0);
  });
});
