import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CarOutlined, SettingOutlined } from '@ant-design/icons';
import { fallbackMenuIcon, MenuIcon, menuIconComponent, menuIcons } from './menu-icons';

describe('menu icon whitelist', () => {
  it('maps a whitelisted name to its own component', () => {
    expect(menuIconComponent('CarOutlined')).toBe(CarOutlined);
    expect(menuIconComponent('SettingOutlined')).toBe(SettingOutlined);
  });

  it.each(['', null, undefined, 'NotAnIcon', 'caroutlined', 'constructor', 'toString', '__proto__'])('falls back to AppstoreOutlined for %j', (name) => {
    expect(menuIconComponent(name)).toBe(fallbackMenuIcon);
  });

  it('covers every icon the seeded menu uses', () => {
    const folders = 'CarOutlined ToolOutlined FileTextOutlined AlertOutlined TeamOutlined ShopOutlined AccountBookOutlined SettingOutlined';
    const pages =
      'AppstoreOutlined EnvironmentOutlined NodeIndexOutlined BorderOutlined CalculatorOutlined IdcardOutlined WifiOutlined ' +
      'VideoCameraOutlined DisconnectOutlined DesktopOutlined UnorderedListOutlined WarningOutlined AuditOutlined PayCircleOutlined ' +
      'ProfileOutlined ExceptionOutlined HistoryOutlined UserOutlined CarOutlined SafetyCertificateOutlined MobileOutlined StopOutlined ' +
      'CustomerServiceOutlined SolutionOutlined ShopOutlined GiftOutlined ClusterOutlined CreditCardOutlined BarChartOutlined ' +
      'RollbackOutlined FileDoneOutlined ReconciliationOutlined BugOutlined ApartmentOutlined TeamOutlined MenuOutlined BookOutlined ' +
      'GlobalOutlined FileSearchOutlined MessageOutlined CloudDownloadOutlined';
    for (const name of `${folders} ${pages}`.split(' ')) {
      expect(Object.hasOwn(menuIcons, name), name).toBe(true);
    }
  });

  it('renders the fallback icon for an unknown name', () => {
    const { container } = render(<MenuIcon name="RocketOutlined" />);
    expect(container.querySelector('.anticon-appstore')).not.toBeNull();
  });
});
