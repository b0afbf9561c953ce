import { useCallMutation } from '@studio/client/mutation';
import {
  AGREEMENT_KINDS,
  type AgreementKind,
  type AgreementVersionRecord,
  adminAgreementCalls,
  REACCEPTED_KINDS,
} from '@studio/contract/agreements';
import { LOCALE_NAMES, LOCALES, type Locale } from '@studio/contract/locale';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Form, Input, Segmented, Table, Tabs, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { showSaveError } from '@/shared/forms/forms';
import { RichTextEditor } from '@/shared/forms/rich-text';
import { Page } from '@/shared/ui/page';
import { type AgreementFields, fieldsOf, textsOf } from './agreement-fields';

/**
 * The studio's own agreements: per kind, a draft written per language (rich text, sanitized by the
 * server), published as the next version after a confirmation that says who will be asked to accept
 * it, and the history of published versions.
 */
export function AgreementsPage() {
  const { t } = useTranslation('agreements');
  const [kind, setKind] = useState<AgreementKind>('user_agreement');
  return (
    <Page title={t('title')} subtitle={t('subtitle')}>
      <Segmented<AgreementKind>
        aria-label={t('kindLabel')}
        value={kind}
        onChange={setKind}
        options={AGREEMENT_KINDS.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
      />
      <AgreementEditor key={kind} kind={kind} />
    </Page>
  );
}

function AgreementEditor({ kind }: { kind: AgreementKind }) {
  const { t } = useTranslation('agreements');
  const { modal, message } = App.useApp();
  const format = useFormat();
  const [form] = Form.useForm<AgreementFields>();
  const [tab, setTab] = useState<Locale>(format.locale);
  const list = useQuery(callQuery(adminAgreementCalls.getList, { kind }));
  const rows = list.data?.rows ?? [];
  const draft = rows.find((r) => r.published_at === null);
  const current = list.data?.current_version ?? 0;
  const nextVersion = draft?.version ?? (rows[0]?.version ?? 0) + 1;

  // The form starts from the draft (or the current text) once the list has come; a refetch after
  // saving keeps what is being typed.
  const started = useRef(false);
  useEffect(() => {
    if (!list.data || started.current) return;
    started.current = true;
    form.setFieldsValue(fieldsOf(list.data.rows));
  }, [list.data, form]);

  const invalidates = [[adminAgreementCalls.getList.url]] as const;
  const saveDraft = useCallMutation(
    (texts: AgreementVersionRecord['texts']) => call(adminAgreementCalls.saveDraft, { kind, texts }, { silent: true }),
    { invalidates, onError: (error) => showSaveError(form, error) },
  );
  const publish = useCallMutation(
    (id: string) => call(adminAgreementCalls.publish, { kind, _id: id }, { silent: true }),
    {
      invalidates,
      onSuccess: ({ row }) => void message.success(t('published', { version: row.version })),
      onError: (error) => showSaveError(form, error),
    },
  );

  /** The form's texts, or null after pointing at the first language that is half written or all empty. */
  async function validTexts() {
    const values = form.getFieldsValue(true) as AgreementFields;
    const { texts, incomplete } = textsOf(values);
    const missing = incomplete[0];
    if (missing) {
      setTab(missing.locale);
      form.setFields([{ name: [missing.locale, missing.field], errors: [t('required')] }]);
      return null;
    }
    if (Object.keys(texts).length === 0) {
      form.setFields([{ name: [tab, 'title'], errors: [t('oneLanguage')] }]);
      return null;
    }
    return texts;
  }

  async function onSaveDraft() {
    const texts = await validTexts();
    if (!texts) return;
    await saveDraft.mutateAsync(texts);
    void message.success(t('draftSaved', { version: nextVersion }));
  }

  async function onPublish() {
    const texts = await validTexts();
    if (!texts) return;
    const asked = (REACCEPTED_KINDS as readonly string[]).includes(kind);
    modal.confirm({
      title: t('publishTitle', { kind: t(`kinds.${kind}`), version: nextVersion }),
      content: asked ? t('publishAsked') : t('publishTopUp'),
      okText: t('publish'),
      cancelText: t('cancel'),
      autoFocusButton: 'cancel',
      onOk: async () => {
        const { row } = await saveDraft.mutateAsync(texts);
        await publish.mutateAsync(row._id);
      },
    });
  }

  return (
    <Flex vertical gap={16} className="agreements-editor">
      <Alert
        type="info"
        showIcon
        message={
          current === 0
            ? t('currentBuiltIn')
            : t('current', {
                version: current,
                date: format.dateTime(rows.find((r) => r.version === current)?.published_at ?? 0),
              })
        }
      />
      <Card
        title={draft ? t('editingDraft', { version: draft.version }) : t('newDraft', { version: nextVersion })}
        loading={list.isPending}
      >
        <Form form={form} layout="vertical" requiredMark={false}>
          <Tabs
            activeKey={tab}
            onChange={(key) => setTab(key as Locale)}
            items={LOCALES.map((locale) => ({
              key: locale,
              label: LOCALE_NAMES[locale],
              forceRender: true,
              children: (
                <>
                  <Form.Item name={[locale, 'title']} label={`${t('docTitle')} (${LOCALE_NAMES[locale]})`}>
                    <Input maxLength={120} />
                  </Form.Item>
                  <Form.Item name={[locale, 'content']} label={`${t('content')} (${LOCALE_NAMES[locale]})`}>
                    <RichTextEditor label={`${t('content')} (${LOCALE_NAMES[locale]})`} />
                  </Form.Item>
                </>
              ),
            }))}
          />
          <Typography.Paragraph type="secondary">{t('languagesHint')}</Typography.Paragraph>
          <Flex gap={8} justify="end">
            <Button onClick={() => void onSaveDraft()} loading={saveDraft.isPending && !publish.isPending}>
              {t('saveDraft')}
            </Button>
            <Button type="primary" onClick={() => void onPublish()}>
              {t('publishVersion', { version: nextVersion })}
            </Button>
          </Flex>
        </Form>
      </Card>
      <Card title={t('history')}>
        <Table<AgreementVersionRecord>
          rowKey="_id"
          size="small"
          pagination={false}
          loading={list.isPending}
          dataSource={rows}
          locale={{ emptyText: t('noVersions') }}
          columns={[
            { title: t('version'), dataIndex: 'version', width: 100 },
            {
              title: t('status'),
              width: 140,
              render: (_, r) =>
                r.published_at === null ? (
                  <Tag>{t('draft')}</Tag>
                ) : r.version === current ? (
                  <Tag color="green">{t('currentTag')}</Tag>
                ) : (
                  <Tag color="default">{t('previous')}</Tag>
                ),
            },
            {
              title: t('languages'),
              render: (_, r) =>
                LOCALES.filter((l) => r.texts[l])
                  .map((l) => LOCALE_NAMES[l])
                  .join(', '),
            },
            {
              title: t('publishedAt'),
              render: (_, r) => (r.published_at ? format.stamp(r.published_at) : '—'),
            },
            {
              title: t('actions'),
              width: 160,
              render: (_, r) => (
                <Button size="small" onClick={() => form.setFieldsValue(fieldsOf([r]))}>
                  {t('copyToEditor')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
