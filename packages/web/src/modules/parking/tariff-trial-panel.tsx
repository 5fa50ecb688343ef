import type { TariffSummary, TariffTrialResult } from '@parking/contract';
import { Alert, Button, Card, DatePicker, Empty, Form, Select, Space, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { businessIso, businessToday, formatBusiness, isBeforeWall } from '../../shared/time/business-time';
import { useTariffTrial } from './tariff-api';
import { yuanText } from './tariff-form-values';

interface TrialValues {
  tariffId?: string;
  vehicleClass?: string;
  enteredAt: Dayjs;
  exitedAt: Dayjs;
}

type Line = TariffTrialResult['breakdown'][number];

/** "11/20 08:00" on the Shanghai clock */
const when = (iso: string) => formatBusiness(iso, 'MM/DD HH:mm');

const columns: ColumnsType<Line> = [
  { title: '计费项', dataIndex: 'label', key: 'label' },
  { title: '开始', dataIndex: 'from', key: 'from', width: 120, render: when },
  { title: '结束', dataIndex: 'to', key: 'to', width: 120, render: when },
  { title: '时长（分钟）', dataIndex: 'minutes', key: 'minutes', width: 110, align: 'right' },
  { title: '计费单位', dataIndex: 'units', key: 'units', width: 90, align: 'right' },
  { title: '金额（元）', dataIndex: 'amount', key: 'amount', width: 110, align: 'right', render: (fen: number) => yuanText(fen) },
];

/** 计费试算: a saved tariff, entry and exit → the amount in 元 and the lines it adds up from. */
export function TariffTrialPanel({ tariffs, initialTariffId }: { tariffs: TariffSummary[]; initialTariffId?: string | undefined }) {
  const [form] = Form.useForm<TrialValues>();
  const trial = useTariffTrial();
  const tariffId = Form.useWatch('tariffId', form);
  const classes = useMemo(() => tariffs.find((t) => t.id === tariffId)?.vehicleClasses ?? [], [tariffs, tariffId]);

  useEffect(() => {
    if (initialTariffId) form.setFieldsValue({ tariffId: initialTariffId, vehicleClass: undefined });
  }, [form, initialTariffId]);
  useEffect(() => {
    // a class of the tariff picked before is not one of this tariff's
    const current = form.getFieldValue('vehicleClass') as string | undefined;
    if (!classes.some((c) => c.code === current)) form.setFieldValue('vehicleClass', classes[0]?.code);
  }, [classes, form]);

  const run = (values: TrialValues) =>
    trial.mutate({
      tariffId: values.tariffId,
      vehicleClass: values.vehicleClass ?? '',
      // what is picked as 08:00 is 08:00 in Shanghai, whatever the browser's zone
      enteredAt: businessIso(values.enteredAt),
      exitedAt: businessIso(values.exitedAt),
    });

  // today's 08:00–09:10 on the Shanghai clock, taken once when the panel opens
  const [today] = useState(() => businessToday());
  const result = trial.data;
  return (
    <Card title="计费试算" size="small" className="tariff-trial">
      <Form
        form={form}
        name="tariffTrial"
        layout="inline"
        onFinish={run}
        initialValues={{ enteredAt: today.hour(8), exitedAt: today.hour(9).minute(10) }}
        onValuesChange={() => trial.reset()}
      >
        <Form.Item label="计费规则" name="tariffId" rules={[{ required: true, message: '请选择计费规则' }]}>
          <Select aria-label="计费规则" style={{ width: 200 }} placeholder="请选择计费规则" options={tariffs.map((t) => ({ value: t.id, label: t.name }))} />
        </Form.Item>
        <Form.Item label="车型" name="vehicleClass" rules={[{ required: true, message: '请选择车型' }]}>
          <Select aria-label="车型" style={{ width: 120 }} placeholder="请选择车型" options={classes.map((c) => ({ value: c.code, label: c.name }))} />
        </Form.Item>
        <Form.Item label="入场时间" name="enteredAt" rules={[{ required: true, message: '请选择入场时间' }]}>
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear={false} aria-label="入场时间" style={{ width: 170 }} />
        </Form.Item>
        <Form.Item
          label="出场时间"
          name="exitedAt"
          dependencies={['enteredAt']}
          rules={[
            { required: true, message: '请选择出场时间' },
            ({ getFieldValue }) => ({
              validator: (_rule, value: Dayjs | undefined) =>
                value && isBeforeWall(value, getFieldValue('enteredAt') as Dayjs) ? Promise.reject(new Error('出场时间不能早于入场时间')) : Promise.resolve(),
            }),
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear={false} aria-label="出场时间" style={{ width: 170 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={trial.isPending}>
            试算
          </Button>
        </Form.Item>
      </Form>
      {trial.error && <Alert className="tariff-trial-result" style={{ marginTop: 16 }} type="error" showIcon title={trial.error.message} />}
      {result && (
        <Space orientation="vertical" size="middle" className="tariff-trial-result" style={{ width: '100%', marginTop: 16 }}>
          <Space size="large" align="end">
            <Statistic title="应收金额" value={yuanText(result.amount)} suffix="元" />
            {result.version && <span className="tariff-trial-version">按第{result.version.versionNo}版计费</span>}
          </Space>
          {result.freeReason && <Alert type="info" showIcon title={result.freeReason} />}
          {result.breakdown.length > 0 ? (
            <Table<Line>
              size="small"
              rowKey={(line) => `${line.from}-${line.label}`}
              columns={columns}
              dataSource={result.breakdown}
              pagination={false}
              summary={() => (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={5}>
                    合计
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={5} align="right">
                    {yuanText(result.amount)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
            />
          ) : (
            <Empty description="没有计费项" image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Space>
      )}
    </Card>
  );
}
