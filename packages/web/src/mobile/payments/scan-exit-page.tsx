import { plateNumberPattern } from '@parking/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { driverPayApi } from '../../modules/payments';
import { DriverError } from './driver-error';
import { PlateBoxes, PlateKeyboard, plateLength } from './plate-keyboard';
import '../mobile.css';
import './driver-pay.css';

/**
 * 扫码出场 (/scanQRcode?t=…): the lane's exit code names the lot; the driver types the plate on
 * the plate keyboard, or takes the one the exit camera just read, and is shown its record.
 */
export function ScanExitPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const token = search.get('t') ?? '';
  const [plate, setPlate] = useState('');
  const [newEnergy, setNewEnergy] = useState(false);
  const [keyboardOpen, setKeyboardOpen] = useState(true);
  const [invalid, setInvalid] = useState('');
  const lane = useQuery({ queryKey: ['driverPay', 'exitLane', token], enabled: token !== '', retry: false, queryFn: () => driverPayApi.exitLane(token) });
  const find = useMutation({
    mutationFn: (plateNumber: string) => driverPayApi.findByPlate(token, plateNumber),
    onSuccess: ({ recordToken }) => navigate(`/orderInfoByQRcode?o=${encodeURIComponent(recordToken)}`),
  });

  const findPlate = (plateNumber: string) => {
    setInvalid('');
    find.mutate(plateNumber);
  };
  const findTyped = () => {
    if (plate.length < plateLength(newEnergy)) setInvalid(newEnergy ? '请输入完整的8位新能源车牌号' : '请输入完整的车牌号');
    else if (!plateNumberPattern.test(plate)) setInvalid('车牌号格式不正确');
    else findPlate(plate);
  };
  const changeNewEnergy = (next: boolean) => {
    setNewEnergy(next);
    setPlate((current) => current.slice(0, plateLength(next)));
    setKeyboardOpen(true);
  };

  const body = (() => {
    if (token === '') return <DriverError message="二维码无效，请扫描出口处的二维码" />;
    if (lane.isPending) return <Spin size="large" className="scan-landing__spin" />;
    if (lane.isError) return <DriverError message={lane.error.message} />;
    const { lotName, laneName, recentPlate } = lane.data;
    return (
      <>
        <div className={keyboardOpen ? 'driver-pay driver-pay--keyboard' : 'driver-pay'}>
          <section className="driver-pay__card">
            <div className="driver-pay__place">{lotName}</div>
            <div className="driver-pay__hint">{laneName} · 扫码缴费出场</div>
            {recentPlate && (
              <div className="driver-pay__camera">
                <span>
                  出口识别车牌 <strong>{recentPlate}</strong>
                </span>
                <Button type="primary" size="small" loading={find.isPending && find.variables === recentPlate} onClick={() => findPlate(recentPlate)}>
                  是我的车
                </Button>
              </div>
            )}
          </section>
          <section className="driver-pay__card">
            <div className="driver-pay__label">请输入车牌号</div>
            <PlateBoxes value={plate} newEnergy={newEnergy} onNewEnergy={changeNewEnergy} onFocus={() => setKeyboardOpen(true)} />
            {(invalid || find.isError) && <Alert style={{ marginTop: 12 }} type="error" showIcon message={invalid || find.error?.message} />}
            <Button type="primary" block size="large" style={{ marginTop: 16 }} loading={find.isPending && find.variables === plate} onClick={findTyped}>
              查询订单
            </Button>
          </section>
        </div>
        {keyboardOpen && (
          <PlateKeyboard
            value={plate}
            newEnergy={newEnergy}
            onChange={(next) => {
              setInvalid('');
              setPlate(next);
            }}
            onDone={() => setKeyboardOpen(false)}
          />
        )}
      </>
    );
  })();

  return (
    <main className="mobile-page">
      <header className="mobile-page__header">扫码出场</header>
      {body}
    </main>
  );
}
