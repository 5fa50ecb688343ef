import { vehicleEventPath, type DataViewLiveEvent } from '@parking/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { deviceBody, postSigned } from '../devices/device-signing.js';

/** An entry camera on a new lane lot of the signed-in user's tenant; answers its id and the camera's secret. */
export const laneCamera = async (app: FastifyInstance, token: string, sn: string) => {
  const call = async (url: string, payload: object) =>
    (await app.inject({ method: 'POST', url, headers: { authorization: token }, payload })).json<{ data: { id: string; secret?: string } }>().data;
  const lot = await call('/api/system/Parking', { name: `实时事件停车场${sn}`, type: 1, kind: 'lane' });
  const lane = await call('/api/system/ParkingLane', { lotId: lot.id, name: '北入口', direction: 'in' });
  const device = await call('/api/system/Device', { sn, name: '北入口相机', type: 'camera', lotId: lot.id, laneId: lane.id });
  return { lotId: lot.id, secret: device.secret ?? '' };
};

/** The camera reports a car in at `at` (the app's clock signs the call); `duplicate` when it sent that event before. */
export const carIn = async (app: FastifyInstance, camera: { secret: string }, sn: string, plate: string, at: Date, eventId: string, duplicate = false) => {
  const body = deviceBody('demo', sn, { timestamp: at.getTime(), kind: 'lane_entry', deviceEventId: eventId, plate, plateColour: 0, confidence: 0.99, occurredAt: at.toISOString() });
  const res = await postSigned(app, vehicleEventPath, camera.secret, body);
  expect(res.json()).toMatchObject({ code: 200, data: { state: 'parked', duplicate } });
};

/**
 * Opens the screens' event stream of a listening server as a browser would, and reads it until
 * `count` events came; the stream is then closed.
 */
export const openEventStream = async (baseUrl: string, token: string) => {
  const aborted = new AbortController();
  const response = await fetch(`${baseUrl}/api/system/screens/events`, { headers: { authorization: token, accept: 'text/event-stream' }, signal: aborted.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  let ended = false;
  const events: DataViewLiveEvent[] = [];
  return {
    /** the next `count` events, or a failure after `ms` */
    next: async (count: number, ms = 10_000) => {
      const deadline = setTimeout(() => aborted.abort(), ms);
      try {
        while (events.length < count) {
          const { value, done } = await reader.read();
          if (done) {
            ended = true;
            break;
          }
          buffered += value;
          let end: number;
          while ((end = buffered.indexOf('\n\n')) >= 0) {
            const message = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const lines = message.split('\n');
            const data = lines.find((line) => line.startsWith('data: '));
            // a named event (signed-out) is not a car
            if (data && !lines.some((line) => line.startsWith('event:'))) events.push(JSON.parse(data.slice(6)) as DataViewLiveEvent);
          }
        }
      } finally {
        clearTimeout(deadline);
      }
      return events.splice(0, count);
    },
    /** whether the server ended the stream */
    ended: () => ended,
    close: () => aborted.abort(),
  };
};
