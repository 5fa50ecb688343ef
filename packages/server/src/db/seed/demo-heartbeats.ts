import { devicePublicPaths } from '@parking/contract';
import { postDeviceCall } from '../../modules/devices/index.js';
import { startPeriodicJob, type JobLogger } from '../../shared/periodic-job.js';
import { demoDeviceSecret, workingDemoDeviceSns } from './demo-devices.js';

/** Half the demo devices' heartbeat cycle (60 s): a beat is never late enough to count as a missed cycle. */
export const demoHeartbeatIntervalMs = 30_000;

export interface DemoHeartbeats {
  /** heartbeats the server took in this round */
  sent: number;
  /** sns the server refused this round (deleted, disabled or re-keyed in the console): the demo no longer speaks for them */
  refused: string[];
}

/**
 * One round of heartbeats from the demo's working devices, signed with their demo secrets and posted
 * to the server's own device API at `baseUrl`, exactly as a device or the simulator sends them. A
 * device the server refuses once is left silent from then on, in `refused`: an operator who reset
 * its secret or disabled it sees it go quiet, as a real device would.
 */
export const beatDemoDevices = async (baseUrl: string, now: Date, refused: Set<string>): Promise<DemoHeartbeats> => {
  const round: DemoHeartbeats = { sent: 0, refused: [] };
  for (const sn of workingDemoDeviceSns) {
    if (refused.has(sn)) continue;
    const answer = await postDeviceCall(baseUrl, devicePublicPaths.heartbeat, { tenant: 'demo', sn, secret: demoDeviceSecret(sn) }, { timestamp: now.getTime(), status: { source: 'demo' } });
    if (answer.code === 200) {
      round.sent += 1;
    } else {
      refused.add(sn);
      round.refused.push(sn);
    }
  }
  return round;
};

/**
 * Keeps the demo's working devices reporting while the server runs (DEMO_HEARTBEAT_MS, 0 turns it
 * off): a round at once, then one every `intervalMs`. The broken ones stay silent, so the console's
 * 在线 and 离线 both tell the truth about what is heartbeating.
 */
export const startDemoHeartbeats = (baseUrl: string, logger: JobLogger, intervalMs = demoHeartbeatIntervalMs, clock: () => Date = () => new Date()) => {
  const refused = new Set<string>();
  const round = () => beatDemoDevices(baseUrl, clock(), refused);
  const first = round()
    .then((result) => result.refused.length > 0 && logger.info(result, 'demo device heartbeats'))
    .catch((error: unknown) => logger.error({ err: error }, 'demo device heartbeats failed'));
  const job = startPeriodicJob(intervalMs, round, logger, {
    done: 'demo device heartbeats',
    failed: 'demo device heartbeats failed',
    // only news is worth a line: a device the demo stopped speaking for
    worthTelling: (result) => result.refused.length > 0,
  });
  return {
    stop: async () => {
      await first;
      await job.stop();
    },
  };
};
