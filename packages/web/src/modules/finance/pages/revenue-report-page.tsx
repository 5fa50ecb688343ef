import { QuestionCircleOutlined } from '@ant-design/icons';
import {
  businessDay,
  formatAmount,
  revenueColumns,
  revenueGroupingNames,
  revenueGroupings,
  revenueReportQuery,
  type RevenueGrouping,
  type RevenueReportQuery,
  type RevenueReportRow,
} from '@parking/contract';
import { Alert, Button, Card, DatePicker, Descriptions, Drawer, Radio, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OptionSelect } from '../../../shared/components/option-select';
import { downloadRevenueReport, useRevenueReport, useRevenueScopes } from '../revenue-report-api';

// echarts comes with this page only, and after the table: the chart is drawn once its code is here
const RevenueChart = lazy(async () => ({ default: (await import('../components/revenue-chart')).RevenueChart }));

const keyTitles: Record<RevenueGrouping, string> = { day: '日期', month: '月份', lot: '停车场', area: '片区' };
const DAY_MS = 86_400_000;

/** The report's question from the address (so a refreshed tab or a shared link shows the same report); the last 30 days by day when none. */
const queryOf = (params: URLSearchParams): RevenueReportQuery => {
  const today = businessDay();
  return {
    from: params.get('from') ?? businessDay(new Date(Date.parse(`${today}T12:00:00+08:00`) - 29 * DAY_MS)),
    to: params.get('to') ?? today,
    groupBy: (params.get('groupBy') as RevenueGrouping | null) ?? 'day',
    ...(params.get('lotId') ? { lotId: params.get('lotId')! } : {}),
    ...(params.get('areaId') ? { areaId: params.get('areaId')! } : {}),
  };
};

const titleWithHelp = (title: string, help: string) => (
  <Tooltip title={help}>
    <span>
      {title} <QuestionCircleOutlined style={{ color: 'rgba(0,0,0,0.45)' }} aria-label={`${title}口径`} />
    </span>
  </Tooltip>
);

const cellOf = (money: boolean) => (value: number) => (money ? formatAmount(value) : value);

/** The table's columns from the contract's list: grouped as 优惠 / 实收, each title saying on hover what it counts and on which day. */
const columnsOf = (groupBy: RevenueGrouping): ColumnsType<RevenueReportRow> => {
  const columns: ColumnsType<RevenueReportRow> = [{ title: keyTitles[groupBy], dataIndex: 'label', key: 'label', fixed: 'left', width: 140 }];
  for (const column of revenueColumns) {
    const leaf: ColumnType<RevenueReportRow> = {
      title: titleWithHelp(column.title, column.help),
      dataIndex: column.field,
      key: column.field,
      align: 'right',
      width: column.money ? 110 : 90,
      render: cellOf(column.money),
    };
    const group = column.group ? columns.find((c) => c.key === `group-${column.group}`) : undefined;
    if (column.group && group && 'children' in group) group.children.push(leaf);
    else if (column.group) columns.push({ title: column.group, key: `group-${column.group}`, children: [leaf] });
    else columns.push(leaf);
  }
  return columns;
};

/** 财务管理 > 营收报表 (FinancialManagement/revenueReport): money by day, month, lot or area, with the trend, the channel mix and totals. */
export function RevenueReportPage() {
  const [params, setParams] = useSearchParams();
  const query = queryOf(params);
  const checked = revenueReportQuery.safeParse(query);
  const report = useRevenueReport(query, checked.success);
  const scopes = useRevenueScopes();
  const [helpOpen, setHelpOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const change = (next: Partial<Record<keyof RevenueReportQuery, string | undefined>>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged, { replace: true });
  };
  const exportShown = async () => {
    setExporting(true);
    try {
      await downloadRevenueReport(query);
    } finally {
      setExporting(false);
    }
  };

  const data = checked.success ? report.data : undefined;
  const columns = columnsOf(query.groupBy ?? 'day');
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <DatePicker.RangePicker
            allowClear={false}
            value={[dayjs(query.from), dayjs(query.to)]}
            onChange={(range) => range?.[0] && range[1] && change({ from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') })}
            aria-label="统计日期"
          />
          <Radio.Group
            optionType="button"
            value={query.groupBy}
            onChange={(event) => change({ groupBy: event.target.value as string })}
            options={revenueGroupings.map((grouping) => ({ value: grouping, label: revenueGroupingNames[grouping] }))}
          />
          <OptionSelect
            place="search"
            value={query.lotId}
            onChange={(lotId) => change({ lotId: lotId ?? undefined })}
            options={scopes.data?.lots.map((lot) => ({ value: lot.id, label: lot.name }))}
            loading={scopes.isLoading}
            placeholder="请选择停车场"
            notFoundContent="暂无停车场"
          />
          <OptionSelect
            place="search"
            value={query.areaId}
            onChange={(areaId) => change({ areaId: areaId ?? undefined })}
            options={scopes.data?.areas.map((area) => ({ value: area.id, label: area.name }))}
            loading={scopes.isLoading}
            placeholder="请选择片区"
            notFoundContent="暂无片区"
          />
          <Button onClick={() => void exportShown()} loading={exporting} disabled={!data}>
            导出
          </Button>
          <Button icon={<QuestionCircleOutlined />} onClick={() => setHelpOpen(true)}>
            统计口径
          </Button>
        </Space>
      </Card>
      {!checked.success && <Alert type="warning" showIcon title={checked.error.issues[0]?.message} />}
      {data && data.totals.stays + data.totals.received + data.totals.refunded + data.totals.recovered > 0 && (
        <Card size="small">
          <Suspense fallback={<div style={{ height: 280 }}>图表加载中……</div>}>
            <RevenueChart report={data} />
          </Suspense>
        </Card>
      )}
      <Card size="small" className="revenue-report-table">
        <Table<RevenueReportRow>
          rowKey="key"
          size="small"
          bordered
          columns={columns}
          dataSource={data?.rows ?? []}
          loading={{ spinning: report.isFetching, tip: '加载中,请稍等......' }}
          locale={{ emptyText: '暂无数据' }}
          pagination={false}
          scroll={{ x: 'max-content', y: 520 }}
          summary={() =>
            data && data.rows.length > 0 ? (
              <Table.Summary fixed>
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0}>
                    <Typography.Text strong>合计</Typography.Text>
                  </Table.Summary.Cell>
                  {revenueColumns.map((column, i) => (
                    <Table.Summary.Cell key={column.field} index={i + 1} align="right">
                      <Typography.Text strong>{cellOf(column.money)(data.totals[column.field])}</Typography.Text>
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : undefined
          }
        />
      </Card>
      <Drawer title="统计口径" open={helpOpen} onClose={() => setHelpOpen(false)} size={520}>
        <Typography.Paragraph>金额单位为元；日期均为北京时间的自然日。各列按下列日期归属：</Typography.Paragraph>
        <Descriptions column={1} size="small" bordered>
          {revenueColumns.map((column) => (
            <Descriptions.Item key={column.field} label={column.group ? `${column.group}·${column.title}` : column.title}>
              {column.help}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Drawer>
    </Space>
  );
}
