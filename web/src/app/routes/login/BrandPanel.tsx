import { EnvironmentOutlined, SafetyCertificateOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useT } from '../../../lib/i18n';
import { KayuhLogo } from '../../../shared/KayuhLogo';

const POINTS = [
  { key: 'fleet', icon: <ThunderboltOutlined aria-hidden /> },
  { key: 'cities', icon: <EnvironmentOutlined aria-hidden /> },
  { key: 'secure', icon: <SafetyCertificateOutlined aria-hidden /> },
];

/** The brand half of the login: what the console is, in three lines. */
export function BrandPanel() {
  const t = useT();
  return (
    <aside className="kayuh-login-brand">
      <div className="kayuh-login-logo">
        <KayuhLogo size={40} inverted />
        <span>Kayuh</span>
      </div>
      <div>
        <p className="kayuh-login-headline">{t('shell.login.headline')}</p>
        <p className="kayuh-login-tagline">{t('shell.login.tagline')}</p>
        <ul className="kayuh-login-points">
          {POINTS.map((point) => (
            <li key={point.key}>
              <span className="kayuh-login-point-icon">{point.icon}</span>
              {t(`shell.login.point.${point.key}`)}
            </li>
          ))}
        </ul>
      </div>
      <p className="kayuh-login-brand-foot">{t('shell.login.brandFoot')}</p>
    </aside>
  );
}
