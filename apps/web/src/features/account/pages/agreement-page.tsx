import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const SECTIONS = [
  { id: 'agreement', titleKey: 'agreement.user.title', bodyKey: 'agreement.user.body' },
  { id: 'privacy', titleKey: 'agreement.privacy.title', bodyKey: 'agreement.privacy.body' },
  { id: 'top-up', titleKey: 'agreement.topUp.title', bodyKey: 'agreement.topUp.body' },
] as const;

/**
 * The user agreement, the privacy policy and the top-up agreement (`?section=privacy` or
 * `?section=top-up` opens at that one).
 */
export function AgreementPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const section = params.get('section');

  useEffect(() => {
    if (section) document.getElementById(section)?.scrollIntoView();
  }, [section]);

  return (
    <div className="stack">
      {SECTIONS.map(({ id, titleKey, bodyKey }) => (
        <section key={id} id={id} className="card agreement" aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="section-title">
            {t(titleKey)}
          </h2>
          <p className="secondary">{t('agreement.updated')}</p>
          {t(bodyKey)
            .split('\n\n')
            .map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
        </section>
      ))}
    </div>
  );
}
