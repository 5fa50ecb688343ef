import { useBranding } from '../shared/tenant/branding-api';
import { useSettingsStore } from './settings/settings-store';

/** The footer (off by default): footer text and the tenant's filing numbers. */
export function AppFooter() {
  const footerTxt = useSettingsStore((state) => state.footerTxt);
  const { data: branding } = useBranding();
  const parts = [footerTxt || branding?.footerText, branding?.icpNo, branding?.policeNo].filter((text): text is string => Boolean(text));
  return (
    <footer className="app-footer">
      {parts.map((text) => (
        <span key={text}>{text}</span>
      ))}
    </footer>
  );
}
