import { FundProjectionScreenOutlined } from '@ant-design/icons';
import { useBranding } from '../../shared/tenant/branding-api';
import { bigScreenUrl } from './big-screen';

/** 智慧大屏: the tenant's big screen in a new window. */
export function BigScreenButton() {
  const { data: branding } = useBranding();
  return (
    <button
      type="button"
      className="app-navbar__action app-navbar__big-screen"
      aria-label="智慧大屏"
      title="智慧大屏"
      onClick={() => window.open(bigScreenUrl(window.location, branding?.bigScreenType), '_blank')}
    >
      <FundProjectionScreenOutlined />
      <span className="app-navbar__big-screen-label">智慧大屏</span>
    </button>
  );
}
