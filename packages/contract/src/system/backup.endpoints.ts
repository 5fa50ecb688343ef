import { z } from 'zod';
import { endpoint } from '../common/endpoint.js';
import { backupFileName, backupOverview, backupPaths, backupStarted } from './backup.schema.js';

/** 系统管理 > 备份, for the platform's administrators: the whole installation's data is in a backup. */
export const backupEndpoints = {
  overview: endpoint({ method: 'GET', path: backupPaths.overview, answer: backupOverview }),
  /** 立即备份: starts one (or finds one running) and answers at once; the overview shows it when done */
  take: endpoint({ method: 'POST', path: backupPaths.overview, answer: backupStarted }),
  download: endpoint({ method: 'GET', path: backupPaths.download, params: z.object({ name: backupFileName }), answer: 'file' }),
};
