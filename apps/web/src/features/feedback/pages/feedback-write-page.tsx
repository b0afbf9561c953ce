import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_MAX_IMAGES,
  type FeedbackCategory,
} from '@studio/contract/feedback-core';
import { Button, type ImageUploadItem, Selector, Tag, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLockedAction } from '@/shared/hooks/use-locked-action';
import { redirectTo } from '@/shared/navigation/navigation';
import { showToast } from '@/shared/ui/feedback';
import { PhotoUploader } from '@/shared/ui/photo-uploader';
import { useFeedbackWrites } from '../api/feedback';
import { categoryFor, type FeedbackSubject, feedbackLinks, subjectOf } from '../components/feedback-labels';
import '../components/feedback.css';

/**
 * Write to us: a category, the message, up to FEEDBACK_MAX_IMAGES photos (uploaded five at a time),
 * and what it is about when opened from an order, a class or a refund (the member may drop that).
 * Sent, it opens the conversation.
 */
export function FeedbackWritePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [subject, setSubject] = useState<FeedbackSubject>(() => subjectOf(params));
  const [category, setCategory] = useState<FeedbackCategory | undefined>(() => categoryFor(subjectOf(params)));
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ImageUploadItem[]>([]);
  const [uploading, setUploading] = useState(false);
  const [tried, setTried] = useState(false);
  const writes = useFeedbackWrites();

  const missingCategory = tried && !category;
  const missingContent = tried && !content.trim();
  const [send, sending] = useLockedAction(async () => {
    setTried(true);
    if (!category || !content.trim() || uploading) return;
    const thread = await writes.add({
      category,
      content: content.trim(),
      images: images.map((i) => i.url),
      ...subject,
    });
    showToast(t('feedback.write.sent'));
    await redirectTo(feedbackLinks.thread(thread._id));
  });

  return (
    <form
      className="stack"
      aria-label={t('feedback.write.title')}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {(subject.order_no || subject.reservation_id) && (
        <section className="card" aria-label={t('feedback.write.about')}>
          <p className="feedback-meta">{t('feedback.write.about')}</p>
          <Tag color="primary" fill="outline">
            {subject.order_no
              ? t('feedback.write.aboutOrder', { no: subject.order_no })
              : t('feedback.write.aboutClass')}
          </Tag>{' '}
          <Button size="mini" fill="none" onClick={() => setSubject({})}>
            {t('feedback.write.dropAbout')}
          </Button>
        </section>
      )}
      <fieldset className="card feedback-fieldset">
        <legend className="section-title">{t('feedback.write.category')}</legend>
        <Selector
          className="feedback-categories"
          columns={2}
          options={FEEDBACK_CATEGORIES.map((c) => ({ label: t(`feedback.categories.${c}`), value: c }))}
          value={category ? [category] : []}
          onChange={(v) => setCategory(v[0])}
        />
        {missingCategory && (
          <p className="feedback-field-error" role="alert">
            {t('feedback.write.categoryRequired')}
          </p>
        )}
      </fieldset>
      <section className="card">
        <label className="section-title" htmlFor="feedback-content">
          {t('feedback.write.message')}
        </label>
        <TextArea
          id="feedback-content"
          placeholder={t('feedback.write.placeholder')}
          value={content}
          onChange={setContent}
          rows={5}
          maxLength={FEEDBACK_CONTENT_MAX}
          showCount
          aria-invalid={missingContent || undefined}
        />
        {missingContent && (
          <p className="feedback-field-error" role="alert">
            {t('validation.feedbackContentRequired')}
          </p>
        )}
      </section>
      <section className="card">
        <h2 className="section-title">{t('feedback.write.photos', { max: FEEDBACK_MAX_IMAGES })}</h2>
        <PhotoUploader value={images} onChange={setImages} max={FEEDBACK_MAX_IMAGES} onBusyChange={setUploading} />
      </section>
      <Button block color="primary" type="submit" loading={sending} disabled={uploading}>
        {uploading ? t('feedback.write.waitUploads') : t('feedback.write.send')}
      </Button>
    </form>
  );
}
