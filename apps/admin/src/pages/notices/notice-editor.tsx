import { CheckCircleFilled } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { LOCALE_NAMES, LOCALES, type Locale } from '@studio/contract/locale';
import {
  type AdminAnnouncement,
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_COURSE_DAYS,
  ANNOUNCEMENT_TITLE_MAX,
  adminNoticeCalls,
  isAnnouncementLink,
} from '@studio/contract/notifications';
import {
  Alert,
  App,
  DatePicker,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Radio,
  Select,
  Switch,
  Tabs,
} from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { FormDrawer } from '@/shared/forms/form-drawer';
import { requiredRule, showSaveError } from '@/shared/forms/forms';
import { RichTextEditor } from '@/shared/forms/rich-text';
import { ImageUpload } from '@/shared/ui/image-upload';
import { studioInstant } from '../schedule/studio-time';
import { useCourseSearch } from './course-options';
import { fieldsOf, filledLocales, inputOf, NEW_NOTICE, type NoticeFields } from './notice-fields';

/** The languages a field path names (['title', 'zh-Hans'] → 'zh-Hans'), to open the tab that holds an error. */
const localeOf = (name: (string | number)[] | undefined): Locale | undefined => LOCALES.find((l) => name?.[1] === l);

/**
 * Writes or changes an announcement in a drawer: its title and rich text per language (tabs), who
 * reads it, pinned, when it appears, a picture and a link.
 */
export function NoticeEditor({
  editing,
  onClose,
}: {
  /** 'new', an announcement to change, or null (closed). */
  editing: AdminAnnouncement | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('notices');
  const { message } = App.useApp();
  const format = useFormat();
  const tz = format.timezone;
  const [form] = Form.useForm<NoticeFields>();
  const [tab, setTab] = useState<Locale>(format.locale);
  const existing = editing && editing !== 'new' ? editing : undefined;
  // Each opening starts on the staff member's language.
  useEffect(() => {
    if (editing) setTab(format.locale);
  }, [editing, format.locale]);

  const save = useCallMutation(
    (fields: NoticeFields) => call(adminNoticeCalls.save, inputOf(fields, existing, tz), { silent: true }),
    {
      invalidates: [[adminNoticeCalls.getList.url]],
      onSuccess: ({ notice }) => {
        void message.success(
          notice.status === 'scheduled'
            ? t('savedScheduled', { when: format.dateTime(notice.publish_at) })
            : t('savedPublished'),
        );
        onClose();
      },
      onError: (error) => {
        showSaveError(form, error);
        openTabOfError(form, setTab);
      },
    },
  );

  return (
    <FormDrawer<NoticeFields>
      title={existing ? t('edit') : t('new')}
      open={editing !== null}
      onClose={onClose}
      form={form}
      saving={save.isPending}
      onSubmit={(fields) => save.mutate(fields)}
      onSubmitFailed={() => openTabOfError(form, setTab)}
      initialValues={existing ? fieldsOf(existing, tz) : NEW_NOTICE}
      width={760}
    >
      <NoticeTexts form={form} tab={tab} onTab={setTab} />
      <NoticeAudience />
      <Form.Item name="pinned" label={t('pinned')} valuePropName="checked" extra={t('pinnedHelp')}>
        <Switch />
      </Form.Item>
      <NoticePublish existing={existing} />
      <Form.Item name="image" label={t('image')} extra={t('imageHelp')}>
        <ImageUpload label={t('image')} />
      </Form.Item>
      <Form.Item
        name="link"
        label={t('link')}
        extra={t('linkHelp')}
        rules={[
          { max: 500 },
          {
            validator: async (_, value: string | undefined) => {
              if (!isAnnouncementLink(value?.trim() ?? '')) throw new Error(t('linkInvalid'));
            },
          },
        ]}
      >
        <Input placeholder="/pages/course/list · https://…" style={{ maxWidth: 480 }} />
      </Form.Item>
    </FormDrawer>
  );
}

/** After a failed check or save: shows the language tab whose field holds the first error. */
function openTabOfError(form: FormInstance<NoticeFields>, setTab: (locale: Locale) => void): void {
  const first = form.getFieldsError().find((f) => f.errors.length > 0);
  const locale = localeOf(first?.name);
  if (locale) setTab(locale);
}

/** Title and content per language, one tab each; a filled language is ticked on its tab. */
function NoticeTexts({
  form,
  tab,
  onTab,
}: {
  form: FormInstance<NoticeFields>;
  tab: Locale;
  onTab: (locale: Locale) => void;
}) {
  const { t } = useTranslation('notices');
  const title = Form.useWatch('title', form);
  const content = Form.useWatch('content', form);
  const filled = filledLocales({ title: title ?? {}, content: content ?? {} });
  const paired =
    (other: 'title' | 'content', locale: Locale, missing: string): Rule =>
    ({ getFieldValue }) => ({
      validator: async (_, value: string | undefined) => {
        if (!value?.trim() && (getFieldValue([other, locale]) as string | undefined)?.trim()) throw new Error(missing);
      },
    });
  const atLeastOne: Rule = ({ getFieldsValue }) => ({
    validator: async () => {
      const values = getFieldsValue(['title', 'content']) as Pick<NoticeFields, 'title' | 'content'>;
      if (filledLocales(values).length === 0) throw new Error(t('oneLanguage'));
    },
  });
  return (
    <fieldset className="localized-fields notice-texts">
      <legend>{t('texts')}</legend>
      <Alert type="info" showIcon title={t('fallbackHint')} style={{ marginBottom: 8 }} />
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as Locale)}
        items={LOCALES.map((locale) => ({
          key: locale,
          forceRender: true,
          label: (
            <span>
              {LOCALE_NAMES[locale]}
              {filled.includes(locale) && (
                <CheckCircleFilled aria-hidden style={{ marginInlineStart: 6, color: '#2e7d32' }} />
              )}
            </span>
          ),
          children: (
            <>
              <Form.Item
                name={['title', locale]}
                label={t('titleLabel')}
                rules={[
                  { max: ANNOUNCEMENT_TITLE_MAX },
                  paired('content', locale, t('titleMissing')),
                  ...(locale === LOCALES[0] ? [atLeastOne] : []),
                ]}
                dependencies={[
                  ['content', locale],
                  ...LOCALES.map((l) => ['title', l]),
                  ...LOCALES.map((l) => ['content', l]),
                ]}
              >
                <Input maxLength={ANNOUNCEMENT_TITLE_MAX} showCount />
              </Form.Item>
              <Form.Item
                name={['content', locale]}
                label={t('content')}
                rules={[paired('title', locale, t('contentMissing'))]}
                dependencies={[['title', locale]]}
              >
                <RichTextEditor label={`${t('content')} (${LOCALE_NAMES[locale]})`} />
              </Form.Item>
            </>
          ),
        }))}
      />
    </fieldset>
  );
}

/** Who reads it; for "booked on courses", which courses and how many days ahead. */
function NoticeAudience() {
  const { t } = useTranslation('notices');
  const audience = Form.useWatch('audience') as NoticeFields['audience'] | undefined;
  return (
    <>
      <Form.Item name="audience" label={t('audience')}>
        <Radio.Group
          className="notice-audience"
          options={ANNOUNCEMENT_AUDIENCES.map((a) => ({ value: a, label: t(`audiences.${a}`) }))}
        />
      </Form.Item>
      {audience === 'course' && <CourseAudience />}
    </>
  );
}

function CourseAudience() {
  const { t } = useTranslation('notices');
  const [keyword, setKeyword] = useState('');
  const { options, names, loading, searchesServer } = useCourseSearch(keyword.trim());
  const chosen = (Form.useWatch('course_ids') as string[] | undefined) ?? [];
  // A chosen course stays named while the list shows another search's results.
  const merged = [
    ...options,
    ...chosen
      .filter((id) => !options.some((o) => o.value === id))
      .map((id) => ({ value: id, label: names.get(id) ?? id })),
  ];
  return (
    <Flex gap={16} wrap className="notice-courses">
      <Form.Item
        name="course_ids"
        label={t('courses')}
        rules={[{ required: true, type: 'array', min: 1, message: t('coursesRequired') }]}
        style={{ flex: '1 1 360px' }}
      >
        <Select
          mode="multiple"
          allowClear
          placeholder={t('coursesPlaceholder')}
          loading={loading}
          options={merged}
          showSearch={searchesServer ? { filterOption: false, onSearch: setKeyword } : { optionFilterProp: 'label' }}
          onBlur={() => setKeyword('')}
        />
      </Form.Item>
      <Form.Item name="course_days" label={t('courseDays')} rules={[requiredRule()]}>
        <InputNumber
          min={ANNOUNCEMENT_COURSE_DAYS.min}
          max={ANNOUNCEMENT_COURSE_DAYS.max}
          precision={0}
          suffix={t('days')}
          style={{ width: 160 }}
        />
      </Form.Item>
    </Flex>
  );
}

/** Now, or at a time in the studio's zone; an announcement already out keeps its time. */
function NoticePublish({ existing }: { existing: AdminAnnouncement | undefined }) {
  const { t } = useTranslation('notices');
  const format = useFormat();
  const when = Form.useWatch('when') as NoticeFields['when'] | undefined;
  const tz = format.timezone;
  const browserTz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (when === 'keep' && existing) {
    return (
      <Form.Item name="when" label={t('publish')} extra={t('keepHelp')}>
        <Radio.Group
          options={[{ value: 'keep', label: t('publishedAt', { when: format.dateTime(existing.publish_at) }) }]}
        />
      </Form.Item>
    );
  }
  return (
    <Flex gap={16} wrap align="start">
      <Form.Item name="when" label={t('publish')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'now', label: t('publishNow') },
            { value: 'later', label: t('publishLater') },
          ]}
        />
      </Form.Item>
      {when === 'later' && (
        <Form.Item
          name="publish_at"
          label={t('publishAt')}
          extra={tz && tz !== browserTz ? t('zone', { tz }) : undefined}
          rules={[
            requiredRule(),
            {
              validator: async (_, value: Dayjs | null | undefined) => {
                const at = value && studioInstant(value.format('YYYY-MM-DD'), value.format('HH:mm'), tz);
                if (at && !at.isAfter(dayjs())) throw new Error(t('publishAtPast'));
              },
            },
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format="YYYY-MM-DD HH:mm" minDate={dayjs()} />
        </Form.Item>
      )}
    </Flex>
  );
}
