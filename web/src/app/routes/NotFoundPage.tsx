import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../lib/i18n';

export default function NotFoundPage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result
        status="404"
        title={
          <h1 className="kayuh-result-title" style={{ fontSize: 28, margin: 0 }}>
            404
          </h1>
        }
        subTitle={t('shell.notFound.text')}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('shell.notFound.home')}
          </Button>
        }
      />
    </main>
  );
}
