import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../lib/navigation';
import { ApplyVerification } from '../components/apply-verification';
import '../auth.css';
import '../../../i18n/page-texts';

export default function ActivateEmailPage() {
  const { t } = useTranslation();
  usePageTitle(t('auth.action.title'));
  const { actionCode } = useParams();
  return (
    <section className="card auth-card">
      <ApplyVerification code={actionCode} />
    </section>
  );
}
