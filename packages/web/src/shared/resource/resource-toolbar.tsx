import { DownloadOutlined, LoadingOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { exportIdHeader, exportProgressEndpoints } from '@parking/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../http/api-error';
import { call } from '../http/call';
import { ColumnSettingsButton } from './column-settings-button';
import { downloadFile, exportRowsText, newExportId } from './export-download';
import { exportPathOf } from './resource-api';
import { toExportParams, type ListQuery } from './list-query';
import type { ResourceDescriptor } from './resource-types';
import { RoleGate } from './role-gate';

export const exportButtonText = '导出';
export const createButtonText = '新增';
export const cancelExportText = '取消';
export const exportCancelledText = '已取消导出';

interface ResourceToolbarProps<T, Q> {
  descriptor: ResourceDescriptor<T, Q>;
  query: ListQuery;
  selectedCount: number;
  reloading: boolean;
  onReload: () => void;
  onCreate: () => void;
  extra?: ReactNode;
}

/** Above the table: what is selected, then 新增, 导出, reload and 列设置. */
export function ResourceToolbar<T, Q>(props: ResourceToolbarProps<T, Q>) {
  const { descriptor, query, selectedCount, reloading, onReload, onCreate, extra } = props;
  const { message } = App.useApp();
  const [exporting, setExporting] = useState<{ id: string; cancel: AbortController }>();
  const [received, setReceived] = useState<number>();
  // rows written so far, asked about once a second while the file arrives; no answer leaves the bytes
  const progress = useQuery({
    queryKey: ['export-progress', 'detail', exporting?.id],
    queryFn: exporting ? () => call(exportProgressEndpoints.progress, { params: { exportId: exporting.id }, silent: true }) : skipToken,
    refetchInterval: 1000,
    retry: false,
    gcTime: 0,
  });

  const exportList = () => {
    const started = { id: newExportId(), cancel: new AbortController() };
    setExporting(started);
    setReceived(undefined);
    downloadFile(exportPathOf(descriptor), { ...toExportParams(query), ...descriptor.fixedParams }, `${descriptor.name}.xlsx`, setReceived, {
      signal: started.cancel.signal,
      headers: { [exportIdHeader]: started.id },
    })
      .then(
        () => message.success('导出成功'),
        (error: unknown) => {
          if (error instanceof ApiError && error.reason === 'cancelled') message.info(exportCancelledText);
          // other ApiErrors were already reported by the HTTP layer, with the server's msg
          else if (!(error instanceof ApiError)) message.error(error instanceof Error ? error.message : '导出失败');
        },
      )
      .finally(() => setExporting(undefined));
  };

  return (
    <div className="resource-toolbar">
      <Typography.Text type="secondary">{selectedCount > 0 ? `已选择 ${selectedCount} 项` : ''}</Typography.Text>
      <Space wrap>
        {extra}
        {descriptor.actions.create && (
          <RoleGate roles={descriptor.roles?.create}>
            <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
              {createButtonText}
            </Button>
          </RoleGate>
        )}
        {descriptor.actions.export && (
          <RoleGate roles={descriptor.roles?.export}>
            {/* the icon is swapped by hand: antd's own loading icon can stay on screen after loading ends */}
            <Button icon={exporting ? <LoadingOutlined /> : <DownloadOutlined />} disabled={exporting !== undefined} onClick={exportList}>
              {exporting ? exportRowsText(progress.data, received) : exportButtonText}
            </Button>
            {exporting && <Button onClick={() => exporting.cancel.abort()}>{cancelExportText}</Button>}
          </RoleGate>
        )}
        <Tooltip title="刷新">
          <Button aria-label="刷新" icon={<ReloadOutlined />} loading={reloading} onClick={onReload} />
        </Tooltip>
        <ColumnSettingsButton descriptor={descriptor} />
      </Space>
    </div>
  );
}
