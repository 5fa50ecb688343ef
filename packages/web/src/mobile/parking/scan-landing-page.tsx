import { parkingQrCodeEndpoints, scanActions, type ScanAction, type ScanTarget } from '@parking/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Result, Spin } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { call } from '../../shared/http/call';
import '../mobile.css';

/** The last part of /m/…, as the printed URL names it, and what the page is for. */
const pages: Readonly<Record<string, { action: ScanAction; title: string }>> = {
  enter: { action: 'enter', title: '扫码入场' },
  exit: { action: 'exit', title: '扫码出场' },
  scan: { action: 'visit', title: '扫码停车' },
};

const placeOf = (target: ScanTarget) => (target.kind === 'lane' ? `车道：${target.laneName ?? ''}` : target.kind === 'space' ? `泊位：${target.spaceNumber ?? ''}` : '停车场入口');

/**
 * Where a driver's phone lands after scanning a lot, lane or space code (route /m/:page?t=…):
 * the signed token is read by the server, and the page says which lot and lane or space it is.
 */
export function ScanLandingPage() {
  const { page = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const known = Object.hasOwn(pages, page) ? pages[page] : undefined;
  const scanned = useQuery({
    queryKey: ['scan', token],
    enabled: known !== undefined && token !== '',
    retry: false,
    queryFn: () => call(parkingQrCodeEndpoints.resolve, { query: { t: token }, silent: true }),
  });

  const title = known?.title ?? '扫码停车';
  const body = (() => {
    if (!known || token === '') return <Result status="warning" title="二维码无效" subTitle="请重新扫描停车场、车道或泊位上的二维码" />;
    if (scanned.isPending) return <Spin size="large" tip="正在识别二维码……" fullscreen={false} className="scan-landing__spin" />;
    if (scanned.isError) return <Result status="error" title="二维码无效" subTitle={scanned.error.message} />;
    const target = scanned.data;
    // a lane code of the other direction is still that lane's: say what it is for
    const action = scanActions.includes(target.action) ? target.action : known.action;
    return (
      <Result
        status="success"
        title={target.lotName}
        subTitle={placeOf(target)}
        extra={
          <>
            <Descriptions column={1} size="small" bordered className="scan-landing__facts">
              <Descriptions.Item label="停车场">{target.lotName}</Descriptions.Item>
              {target.laneName !== null && <Descriptions.Item label="车道">{target.laneName}</Descriptions.Item>}
              {target.spaceNumber !== null && <Descriptions.Item label="泊位">{target.spaceNumber}</Descriptions.Item>}
            </Descriptions>
            {action === 'exit' && (
              <Link to={`/scanQRcode?t=${encodeURIComponent(token)}`}>
                <Button type="primary" block size="large">
                  查询停车订单
                </Button>
              </Link>
            )}
          </>
        }
      />
    );
  })();

  return (
    <main className="mobile-page scan-landing">
      <header className="mobile-page__header">{title}</header>
      {body}
    </main>
  );
}
