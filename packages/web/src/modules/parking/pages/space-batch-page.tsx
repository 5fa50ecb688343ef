import { parkingSpaceEndpoints, type ParkingSpaceBatchResult } from '@parking/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Col, Form, Input, InputNumber, Result, Row, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../shared/http/call';
import { resourceKeys } from '../../../shared/resource/use-resource';
import { LotSelect } from '../components/parking-selects';
import { parkingLotResourceKey, parkingSpaceResourceKey, useLotOptions } from '../parking-api';
import { batchPreview, describeNumbers, initialBatchValues, spaceBatchBody, spaceBatchPath, type SpaceBatchFormValues } from '../space-batch-values';
import { spaceTypeOptions } from '../space-options';
import '../parking.css';
import { numberRule } from '../../../shared/forms/number-rule';

const spaceListPath = (lotId: string) => `/parkingAdmin/parkingSpace?lotId=${encodeURIComponent(lotId)}`;

/** 新增泊位 (route /parkingAdmin/add/:id): many spaces of one lot at once by pattern, previewed before saving. */
export function SpaceBatchPage() {
  const { id: lotId = '' } = useParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const lots = useLotOptions();
  const lot = lots.data?.find((option) => option.id === lotId);
  const [form] = Form.useForm<SpaceBatchFormValues>();
  const values = Form.useWatch([], form) ?? initialBatchValues;
  const preview = batchPreview(lotId, { ...initialBatchValues, ...values });
  const [done, setDone] = useState<ParkingSpaceBatchResult | null>(null);

  const create = useMutation({
    mutationFn: (body: ReturnType<typeof spaceBatchBody>) => call(parkingSpaceEndpoints.batch, { body }),
    onSuccess: async (result) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: resourceKeys.all(parkingSpaceResourceKey) }),
        queryClient.invalidateQueries({ queryKey: resourceKeys.all(parkingLotResourceKey) }),
      ]);
      message.success(`已生成${result.created}个泊位`);
      setDone(result);
    },
  });

  const submit = async () => {
    const formValues = await form.validateFields();
    // a refusal (a number the lot already has…) is shown by the HTTP layer with the server's msg
    await create.mutateAsync(spaceBatchBody(lotId, formValues)).catch(() => undefined);
  };

  if (done) {
    return (
      <div className="page-card space-batch-page">
        <Result
          status="success"
          title={`已生成${done.created}个泊位`}
          subTitle={`${lot?.name ?? ''} ${done.first}–${done.last}`}
          extra={[
            <Button type="primary" key="list" onClick={() => navigate(spaceListPath(lotId))}>
              查看泊位
            </Button>,
            <Button key="again" onClick={() => setDone(null)}>
              继续新增
            </Button>,
          ]}
        />
      </div>
    );
  }

  return (
    <div className="page-card space-batch-page">
      <Typography.Title level={5}>批量新增泊位</Typography.Title>
      <Form form={form} layout="vertical" initialValues={initialBatchValues} onFinish={() => submit()}>
        <Row gutter={16}>
          <Col span={24}>
            <Form.Item label="停车场" required>
              <LotSelect value={lotId} onChange={(next) => next && next !== lotId && navigate(spaceBatchPath(next), { replace: true })} />
            </Form.Item>
          </Col>
          {!lots.isLoading && !lot && (
            <Col span={24}>
              <Alert type="warning" showIcon message="停车场不存在或已停用，请重新选择" style={{ marginBottom: 16 }} />
            </Col>
          )}
          <Col span={6}>
            <Form.Item label="编号前缀" name="prefix" extra="可为空，如 A、B区-" rules={[{ max: 16, message: '编号前缀最长16个字' }]}>
              <Input allowClear count={{ show: true, max: 16 }} placeholder="如 A" />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="起始编号" name="start" rules={[{ required: true, message: '请输入起始编号' }, numberRule({ label: '起始编号', min: 0 })]}>
              <InputNumber<number> style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="结束编号" name="end" rules={[{ required: true, message: '请输入结束编号' }, numberRule({ label: '结束编号', min: 0 })]}>
              <InputNumber<number> style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item label="编号位数" name="digits" rules={[{ required: true, message: '请输入编号位数' }, numberRule({ label: '编号位数', min: 1, max: 8 })]} extra="不足位数时前面补0">
              <InputNumber<number> style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="泊位类型" name="type">
              <Select options={spaceTypeOptions} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="充电车位" name="charging" valuePropName="checked">
              <Switch checkedChildren="是" unCheckedChildren="否" />
            </Form.Item>
          </Col>
        </Row>
        <div className="space-batch-preview" role="status">
          {'error' in preview ? (
            <Alert type="error" showIcon message={preview.error} />
          ) : (
            <Alert type="info" showIcon message={`将生成 ${preview.numbers.length} 个泊位：${describeNumbers(preview.numbers)}`} />
          )}
        </div>
        <Space>
          <Button type="primary" htmlType="submit" loading={create.isPending} disabled={'error' in preview || !lot}>
            生成泊位
          </Button>
          <Button onClick={() => navigate(spaceListPath(lotId))}>返回泊位列表</Button>
        </Space>
      </Form>
    </div>
  );
}
