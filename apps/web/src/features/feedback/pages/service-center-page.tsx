import { WEEKDAYS } from '@studio/contract/feedback-core';
import { Button, Collapse, List } from 'antd-mobile';
import { MessageOutline, QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { loginUrl, navigateTo } from '@/shared/navigation/navigation';
import { paths } from '@/shared/navigation/paths';
import { useIsLoggedIn } from '@/shared/session/session';
import { ListLink } from '@/shared/ui/app-link';
import { PageError, PageSkeleton } from '@/shared/ui/page-states';
import { useServiceCenter } from '../api/feedback';
import { feedbackLinks, subjectOf, weekdayIn } from '../components/feedback-labels';
import '../components/feedback.css';

/**
 * service-center/service-center: Help & contact. The studio's phone (tap to call), e-mail, address
 * with a map link, opening hours by weekday (today in bold), its FAQ, and the ways to write to it.
 * Opened from an order, a class or a refund, it carries what that was (?order_no=, ?reservation_id=)
 * on to the form.
 */
export function ServiceCenterPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const subject = subjectOf(params);
  const loggedIn = useIsLoggedIn();
  const center = useServiceCenter();

  if (center.isPending) return <PageSkeleton rows={3} />;
  if (center.error) return <PageError error={center.error} onRetry={() => void center.refetch()} />;
  const c = center.data;
  const today = weekdayIn(new Date(), c.timezone);

  return (
    <div className="stack">
      <section className="card help-contact" aria-labelledby="help-contact-title">
        <h2 className="section-title" id="help-contact-title">
          {t('feedback.center.contact')}
        </h2>
        <dl>
          {c.phone && (
            <>
              <dt>{t('feedback.center.phone')}</dt>
              <dd>
                <a href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</a>
              </dd>
            </>
          )}
          {c.email && (
            <>
              <dt>{t('feedback.center.email')}</dt>
              <dd>
                <a href={`mailto:${c.email}`}>{c.email}</a>
              </dd>
            </>
          )}
          {c.address && (
            <>
              <dt>{t('feedback.center.address')}</dt>
              <dd>
                {c.address}
                {c.map_url && (
                  <>
                    {' · '}
                    <a href={c.map_url} target="_blank" rel="noopener noreferrer">
                      {t('feedback.center.map')}
                    </a>
                  </>
                )}
              </dd>
            </>
          )}
        </dl>
      </section>

      <section className="card" aria-labelledby="help-hours-title">
        <h2 className="section-title" id="help-hours-title">
          {t('feedback.center.hours')}
        </h2>
        <table className="help-hours">
          <tbody>
            {WEEKDAYS.map((day) => {
              const hours = c.hours[day];
              return (
                <tr key={day} className={day === today ? 'is-today' : undefined}>
                  <th scope="row">
                    {t(`feedback.days.${day}`)}
                    {day === today && <span className="visually-hidden">, {t('feedback.center.today')}</span>}
                  </th>
                  <td>{hours.closed ? t('feedback.center.closed') : `${hours.open}–${hours.close}`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>

      {c.faq.length > 0 && (
        <section className="card" aria-labelledby="help-faq-title">
          <h2 className="section-title" id="help-faq-title">
            {t('feedback.center.faq')}
          </h2>
          <Collapse>
            {c.faq.map((entry, index) => (
              <Collapse.Panel key={String(index)} title={entry.question}>
                <p className="faq-answer">{entry.answer}</p>
              </Collapse.Panel>
            ))}
          </Collapse>
        </section>
      )}

      <div className="help-actions">
        <Button
          color="primary"
          onClick={() => navigateTo(loggedIn ? feedbackLinks.write(subject) : loginUrl(feedbackLinks.write(subject)))}
        >
          <MessageOutline aria-hidden="true" /> {t('feedback.center.write')}
        </Button>
      </div>
      {loggedIn && (
        <List>
          <ListLink
            to={paths.feedbackList}
            prefix={<QuestionCircleOutline aria-hidden="true" />}
            title={t('feedback.list.title')}
          />
        </List>
      )}
    </div>
  );
}
