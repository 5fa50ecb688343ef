import { backupEndpoints, pathOf, type BackupOverview, type KeptBackup } from '@parking/contract';
import { call, callEnvelope } from '../../shared/http/call';
import { fetchFile, saveBlob } from '../../shared/resource/export-download';

export const backupKeys = { overview: ['backup', 'overview'] as const };

export const fetchBackupOverview = (): Promise<BackupOverview> => call(backupEndpoints.overview);

/** 立即备份: resolves to the server's msg (已开始备份) */
export const startBackup = async (): Promise<string> => (await callEnvelope(backupEndpoints.take)).msg;

/** 下载: the file as the server streams it, saved under its own name */
export const downloadBackup = async (backup: KeptBackup) => {
  const file = await fetchFile(pathOf(backupEndpoints.download, { name: backup.name }), {}, backup.name);
  saveBlob(file.blob, file.filename);
};

/** 12.3 MB, 845 KB: the size as people read it */
export const sizeText = (bytes: number) => {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
};
