import type { AgreementKind } from '@studio/contract/agreements';
import { Skeleton } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AgreementContent } from '@/shared/agreements/agreement-content';
import { useAgreement } from '@/shared/agreements/agreements';
import { useFormat } from '@/shared/format/use-format';

const SECTIONS = [
  { id: 'agreement', kind: 'user_agreement', titleKey: 'agreement.user.title', bodyKey: 'agreement.user.body' },
  { id: 'privacy', kind: 'privacy_policy', titleKey: 'agreement.privacy.title', bodyKey: 'agreement.privacy.body' },
  { id: 'top-up', kind: 'top_up', titleKey: 'agreement.topUp.title', bodyKey: 'agreement.topUp.body' },
] as const satisfies readonly { id: string; kind: AgreementKind; titleKey: string; bodyKey: string }[];

/**
 * The user agreement, the privacy policy and the top-up agreement (`?section=privacy` or
 * `?section=top-up` opens at that one): the studio's current version of each, or the app's own text
 * (version 0) while the studio has published none, or while the studio's cannot be fetched.
 */
export function AgreementPage() {
  const [params] = useSearchParams();
  const section = params.get('section');
  const user = useAgreement('user_agreement');
  const privacy = useAgreement('privacy_policy');
  const topUp = useAgreement('top_up');
  const loaded = [user, privacy, topUp].every((q) => !q.isPending);

  useEffect(() => {
    if (section && loaded) document.getElementById(section)?.scrollIntoView();
  }, [section, loaded]);

  return (
    <div className="stack">
      {SECTIONS.map((s) => (
        <AgreementSection key={s.id} {...s} />
      ))}
    </div>
  );
}

function AgreementSection({ id, kind, titleKey, bodyKey }: (typeof SECTIONS)[number]) {
  const { t } = useTranslation();
  const format = useFormat();
  const { data, isPending } = useAgreement(kind);
  const studio = data && data.version > 0 ? data : null;
  return (
    <section id={id} className="card agreement" aria-labelledby={`${id}-title`} aria-busy={isPending || undefined}>
      <h2 id={`${id}-title`} className="section-title">
        {studio ? studio.title : t(titleKey)}
      </h2>
      {isPending ? (
        <Skeleton.Paragraph lineCount={5} animated />
      ) : studio ? (
        <>
          <p className="secondary">
            {t('agreement.version', { version: studio.version, date: format.date(studio.updated_at ?? 0) })}
          </p>
          <AgreementContent html={studio.content} />
        </>
      ) : (
        <>
          <p className="secondary">{t('agreement.updated')}</p>
          {t(bodyKey)
            .split('\n\n')
            .map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
        </>
      )}
    </section>
  );
}
