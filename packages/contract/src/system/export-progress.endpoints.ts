import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { exportId, exportProgress, exportProgressPath } from './export-progress.schema.js';

export const exportProgressEndpoints = {
  /** the signed-in user's own export of that id; a 404 until it starts and a while after it ends */
  progress: endpoint({
    method: 'GET',
    path: exportProgressPath,
    params: z.object({ exportId }),
    answer: exportProgress,
  }),
};
