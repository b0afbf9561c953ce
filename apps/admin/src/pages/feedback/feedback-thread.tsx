import { useCallMutation } from '@studio/client/mutation';
import {
  type AdminFeedback,
  adminFeedbackCalls,
  FEEDBACK_REPLY_MAX,
  type FeedbackMemberCard,
} from '@studio/contract/feedback';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Flex, Form, Image, Input, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { showSaveError } from '@/shared/forms/forms';
import { useConfirmDanger } from '@/shared/ui/confirm';
import { QueryState } from '@/shared/ui/page';

/** The status tags' colours (the inbox's list uses them too). */
export const STATUS_COLORS = { pending_reply: 'orange', replied: 'green', closed: 'default' } as const;
const INVALIDATES = [[adminFeedbackCalls.getList.url], [adminFeedbackCalls.getInfo.url]];

/** The member beside the thread: who they are, their packages and their last orders. */
function MemberCard({ member }: { member: FeedbackMemberCard }) {
  const { t } = useTranslation('feedback');
  const format = useFormat();
  return (
    <Card size="small" title={t('member.title')} className="feedback-member">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('member.name')}>
          <Link to={`/members/${member._id}`}>{member.nickname || member._id}</Link>
        </Descriptions.Item>
        {member.mobile && <Descriptions.Item label={t('member.mobile')}>{member.mobile}</Descriptions.Item>}
      </Descriptions>
      <Typography.Title level={2} className="feedback-card-heading">
        {t('member.packages')}
      </Typography.Title>
      {member.packages.length === 0 ? (
        <p className="secondary-text">{t('member.noPackages')}</p>
      ) : (
        <ul className="feedback-member-list">
          {member.packages.map((p) => (
            <li key={p._id}>
              {p.name} · {t('member.credits', { count: p.remaining_count })}
              {p.valid_until && <span className="secondary-text"> · {format.date(p.valid_until)}</span>}
            </li>
          ))}
        </ul>
      )}
      <Typography.Title level={2} className="feedback-card-heading">
        {t('member.orders')}
      </Typography.Title>
      {member.orders.length === 0 ? (
        <p className="secondary-text">{t('member.noOrders')}</p>
      ) : (
        <ul className="feedback-member-list">
          {member.orders.map((o) => (
            <li key={o.order_no}>
              <Link to={`/orders/${o.order_no}`} className="figures">
                {o.order_no}
              </Link>{' '}
              {o.title} · {format.money(o.pay_amount)}
              <span className="secondary-text"> · {format.date(o.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Messages({ feedback: f }: { feedback: AdminFeedback }) {
  const { t } = useTranslation('feedback');
  const format = useFormat();
  return (
    <ol className="feedback-messages" aria-label={t('messages')}>
      <li className="from-member">
        <span className="secondary-text">
          {f.member.nickname} · {format.dateTime(f.created_at)}
        </span>
        <p>{f.content}</p>
        {f.images.length > 0 && (
          <Image.PreviewGroup>
            <Space size={4} wrap>
              {f.images.map((src, i) => (
                <Image key={src} src={src} width={56} height={56} alt={t('photo', { n: i + 1 })} />
              ))}
            </Space>
          </Image.PreviewGroup>
        )}
      </li>
      {f.messages.map((m) => (
        <li key={m._id} className={m.internal ? 'is-internal' : m.author === 'member' ? 'from-member' : 'from-staff'}>
          <span className="secondary-text">
            {m.author === 'member' ? f.member.nickname : m.author_name || t('staff')} · {format.dateTime(m.created_at)}{' '}
            {m.internal && <Tag color="gold">{t('internalNote')}</Tag>}
          </span>
          <p>{m.content}</p>
        </li>
      ))}
    </ol>
  );
}

/** One thread as staff read it, with the reply box (a reply or an internal note) and Close. */
export function FeedbackThread({ id }: { id: string }) {
  const { t } = useTranslation('feedback');
  const { message } = App.useApp();
  const confirm = useConfirmDanger();
  const [form] = Form.useForm<{ content: string; internal: boolean }>();
  const info = useQuery(callQuery(adminFeedbackCalls.getInfo, { _id: id }));
  const internal = Form.useWatch('internal', form) ?? false;
  const reply = useCallMutation(
    (input: { content: string; internal: boolean }) =>
      call(adminFeedbackCalls.reply, { _id: id, ...input }, { silent: true }),
    {
      invalidates: INVALIDATES,
      onSuccess: (_answer, input) => {
        void message.success(input.internal ? t('noteSaved') : t('replySent'));
        form.resetFields();
      },
      onError: (error) => showSaveError(form, error),
    },
  );
  const close = useCallMutation(() => call(adminFeedbackCalls.close, { _id: id }), {
    invalidates: INVALIDATES,
    onSuccess: () => void message.success(t('closedDone')),
  });

  return (
    <QueryState query={info}>
      {({ feedback: f, member }) => (
        <Flex vertical gap={16}>
          <Card
            size="small"
            title={
              <Space wrap>
                {t(`categories.${f.category}`)}
                <Tag color={STATUS_COLORS[f.status]}>{t(`statuses.${f.status}`)}</Tag>
              </Space>
            }
            extra={
              f.status !== 'closed' && (
                <Button
                  loading={close.isPending}
                  onClick={() =>
                    void confirm({
                      title: t('closeTitle'),
                      content: t('closeText', { member: f.member.nickname }),
                      okText: t('close'),
                      onOk: () => close.mutateAsync(),
                    })
                  }
                >
                  {t('close')}
                </Button>
              )
            }
          >
            {(f.order_no || f.reservation_id) && (
              <p className="secondary-text">
                {f.order_no ? (
                  <>
                    {t('aboutOrder')} <Link to={`/orders/${f.order_no}`}>{f.order_no}</Link>
                  </>
                ) : (
                  t('aboutClass')
                )}
              </p>
            )}
            <Messages feedback={f} />
            <Form
              form={form}
              layout="vertical"
              initialValues={{ content: '', internal: false }}
              onFinish={(values) => reply.mutate({ content: values.content.trim(), internal: values.internal })}
            >
              <Form.Item
                name="content"
                label={internal ? t('noteLabel') : t('replyLabel')}
                extra={internal ? t('noteHelp') : t('replyHelp')}
                rules={[{ required: true, whitespace: true, message: t('replyRequired') }, { max: FEEDBACK_REPLY_MAX }]}
              >
                <Input.TextArea rows={3} maxLength={FEEDBACK_REPLY_MAX} showCount />
              </Form.Item>
              <Flex gap={12} align="center" justify="space-between" wrap>
                <Flex gap={8} align="center">
                  <Form.Item name="internal" valuePropName="checked" noStyle>
                    <Switch aria-label={t('internalNote')} />
                  </Form.Item>
                  <span aria-hidden>{t('internalNote')}</span>
                </Flex>
                <Button type="primary" htmlType="submit" loading={reply.isPending}>
                  {internal ? t('saveNote') : t('sendReply')}
                </Button>
              </Flex>
            </Form>
          </Card>
          <MemberCard member={member} />
        </Flex>
      )}
    </QueryState>
  );
}
