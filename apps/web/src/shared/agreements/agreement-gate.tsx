import type { AgreementKind } from '@studio/contract/agreements';
import { Button, CenterPopup } from 'antd-mobile';
import { useId, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { paths } from '@/shared/navigation/paths';
import { dialogContainer } from '@/shared/ui/dialog-container';
import { showToast } from '@/shared/ui/feedback';
import { acceptAgreements, usePendingAgreements } from './agreements';
import './agreements.css';

const SECTION_OF: Record<AgreementKind, string> = {
  user_agreement: 'agreement',
  privacy_policy: 'privacy',
  top_up: 'top-up',
};
const NAME_KEY: Record<AgreementKind, string> = {
  user_agreement: 'agreement.user.title',
  privacy_policy: 'agreement.privacy.title',
  top_up: 'agreement.topUp.title',
};

function subscribeToHash(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}
const onAgreementPage = () => window.location.hash.replace(/^#/, '').split('?')[0] === paths.agreement;

/**
 * A new version of the user agreement or the privacy policy, put to a logged-in member at their next
 * visit: a dialog nothing else can be done behind, with a link to each new text and Accept. It steps
 * aside while the member reads the texts on the agreement page, and is back when they return.
 */
export function AgreementGate() {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  const { data } = usePendingAgreements(true);
  const reading = useSyncExternalStore(subscribeToHash, onAgreementPage);
  const pending = data?.pending ?? [];
  const [accept, accepting] = useLockedAction(async () => {
    await acceptAgreements(pending);
    showToast(t('agreement.gate.accepted'));
  });
  if (pending.length === 0) return null;
  return (
    <CenterPopup visible={!reading} closeOnMaskClick={false} getContainer={dialogContainer} destroyOnClose>
      <div
        className="agreement-gate sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
      >
        <h2 id={titleId} className="sheet-title">
          {t('agreement.gate.title')}
        </h2>
        <p id={bodyId}>{t('agreement.gate.body')}</p>
        <ul className="agreement-gate-links">
          {pending.map((item) => (
            <li key={item.kind}>
              <a href={`#${paths.agreement}?section=${SECTION_OF[item.kind]}`}>
                {t('agreement.gate.read', { name: t(NAME_KEY[item.kind]), version: item.version })}
              </a>
            </li>
          ))}
        </ul>
        <Button block color="primary" size="large" loading={accepting} onClick={() => void accept()}>
          {t('agreement.gate.accept')}
        </Button>
      </div>
    </CenterPopup>
  );
}
