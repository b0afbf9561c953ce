import { useCallMutation } from '@studio/client/mutation';
import { imageVariant } from '@studio/contract/images';
import { resolveLocale } from '@studio/contract/locale';
import {
  type AdminOrderRecord,
  adminOrderCalls,
  DEADLINE_EXTEND_MAX_HOURS,
  ORDER_STATUS_LABELS,
  orderStatusNameOf,
} from '@studio/contract/orders';
import { refundStepText } from '@studio/contract/refunds';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Card, Descriptions, Flex, Form, Input, InputNumber, Modal, Table, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { call, callQuery } from '@/shared/api/client';
import { useFormat } from '@/shared/format/format';
import { usePhoneFormat } from '@/shared/format/phone';
import { requiredRule, showSaveError } from '@/shared/forms/forms';
import { usePermission } from '@/shared/session/permissions';
import { useConfirmDanger } from '@/shared/ui/confirm';
import { showAlert } from '@/shared/ui/feedback';
import { Page, QueryState } from '@/shared/ui/page';
import { RefundActions } from '../refunds/refund-actions';
import { RefundMoneyTag } from '../refunds/refund-money';
import { DeskPaymentText, MarkPaidButton } from './desk-payment';
import { OrderStatusTag } from './order-status';

/**
 * One order: its lines, amounts, member, address and history; mark an offline payment received, extend
 * its desk deadline, ship, cancel.
 */
export function OrderPage() {
  const { no = '' } = useParams();
  const order = useQuery(callQuery(adminOrderCalls.getInfo, { order_no: no }));
  return <QueryState query={order}>{(data) => <OrderView order={data.order} />}</QueryState>;
}

const invalidates = [[adminOrderCalls.getInfo.url], [adminOrderCalls.getList.url]];

function OrderView({ order }: { order: AdminOrderRecord }) {
  const { t, i18n } = useTranslation('orders');
  const { message, modal } = App.useApp();
  const format = useFormat();
  const phone = usePhoneFormat();
  const confirm = useConfirmDanger();
  const [shipping, setShipping] = useState(false);
  const [shipForm] = Form.useForm<{ express_name: string; express_no: string }>();
  const [cancelForm] = Form.useForm<{ reason: string }>();
  const [extendForm] = Form.useForm<{ hours: number }>();
  const locale = resolveLocale(i18n.language);
  const fail = (error: unknown) => showAlert((error as Error).message);

  const ship = useCallMutation(
    (f: { express_name: string; express_no: string }) =>
      call(adminOrderCalls.ship, { order_no: order.order_no, ...f }, { silent: true }),
    {
      invalidates,
      onSuccess: () => {
        void message.success(t('shipped'));
        setShipping(false);
      },
      onError: (error) => showSaveError(shipForm, error),
    },
  );
  const extend = useCallMutation(
    (hours: number) => call(adminOrderCalls.extendDeadline, { order_no: order.order_no, hours }, { silent: true }),
    { invalidates, onSuccess: () => void message.success(t('extended')), onError: fail },
  );
  const cancel = useCallMutation(
    (reason: string) => call(adminOrderCalls.cancel, { order_no: order.order_no, reason }, { silent: true }),
    { invalidates, onSuccess: () => void message.success(t('cancelled')), onError: fail },
  );

  // The front desk (orders.desk) takes the payment; shipping, deadlines and cancelling are orders.manage's.
  const canDesk = usePermission('orders.desk');
  const canManage = usePermission('orders.manage');
  const unpaid = order.status_name === 'unpaid';
  const canShip =
    canManage && order.delivery === 'express' && ['paid', 'preparing', 'partially_shipped'].includes(order.status_name);
  const units = order.lines.reduce((n, l) => n + l.buy_num, 0);

  return (
    <Page
      title={t('orderTitle', { no: order.order_no })}
      subtitle={<OrderStatusTag order={order} />}
      extra={
        <Flex gap={8}>
          {canDesk && unpaid && order.pay_type === 'offline' && <MarkPaidButton order={order} />}
          {canManage && unpaid && order.pay_type === 'offline' && (
            <Button
              loading={extend.isPending}
              onClick={() =>
                void modal.confirm({
                  title: t('extendTitle'),
                  content: (
                    <Form form={extendForm} layout="vertical" initialValues={{ hours: 24 }}>
                      <p>{t('extendText', { at: order.expires_at ? format.dateTime(order.expires_at) : '—' })}</p>
                      <Form.Item name="hours" label={t('extendHours')} rules={[requiredRule()]}>
                        <InputNumber min={1} max={DEADLINE_EXTEND_MAX_HOURS} precision={0} />
                      </Form.Item>
                    </Form>
                  ),
                  okText: t('extend'),
                  onOk: async () => {
                    const { hours } = await extendForm.validateFields();
                    await extend.mutateAsync(hours);
                  },
                })
              }
            >
              {t('extend')}
            </Button>
          )}
          {canShip && (
            <Button type="primary" onClick={() => setShipping(true)}>
              {t('ship')}
            </Button>
          )}
          {canManage && unpaid && (
            <Button
              danger
              onClick={() =>
                void confirm({
                  title: t('cancelTitle'),
                  content: (
                    <Form form={cancelForm} layout="vertical">
                      <p>{t('cancelText', { count: units })}</p>
                      <Form.Item name="reason" label={t('reason')} rules={[requiredRule()]}>
                        <Input maxLength={200} />
                      </Form.Item>
                    </Form>
                  ),
                  okText: t('cancel'),
                  onOk: async () => {
                    const { reason } = await cancelForm.validateFields();
                    await cancel.mutateAsync(reason);
                  },
                })
              }
            >
              {t('cancel')}
            </Button>
          )}
        </Flex>
      }
    >
      <Flex gap={16} wrap align="stretch" style={{ marginBottom: 16 }}>
        <Card size="small" title={t('details')} style={{ flex: '1 1 420px' }}>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'placed', label: t('placed'), children: format.dateTime(order.created_at) },
              {
                key: 'member',
                label: t('member'),
                children: (
                  <Link to={`/members/${order.member._id}`}>
                    {order.member.nickname}
                    {order.member.mobile ? ` · ${phone(order.member.mobile)}` : ''}
                  </Link>
                ),
              },
              { key: 'delivery', label: t('delivery'), children: t(`deliveries.${order.delivery}`) },
              { key: 'payType', label: t('payType'), children: order.pay_type ? t(`payTypes.${order.pay_type}`) : '—' },
              ...(order.desk_payment
                ? [
                    {
                      key: 'desk',
                      label: t('desk.payment'),
                      children: <DeskPaymentText payment={order.desk_payment} />,
                    },
                  ]
                : []),
              {
                key: 'paid',
                label: t('paidAmount'),
                children: <span className="figures">{format.money(order.paid_amount)}</span>,
              },
              ...(order.refunded_amount > 0
                ? [
                    {
                      key: 'refunded',
                      label: t('refunded'),
                      children: <span className="figures">{format.money(order.refunded_amount)}</span>,
                    },
                  ]
                : []),
              ...(order.refund
                ? [
                    {
                      key: 'refund',
                      label: t('refunds.title'),
                      children: (
                        <Flex vertical gap={4}>
                          <span>
                            {t(`refunds.statuses.${order.refund.status}`)} · {order.refund.reason}
                          </span>
                          <span>
                            <RefundMoneyTag refund={order.refund} />
                          </span>
                          {order.refund.message && (
                            <span className="secondary-text">
                              {t('refunds.messageSent', { message: order.refund.message })}
                            </span>
                          )}
                          <RefundActions order={order} />
                        </Flex>
                      ),
                    },
                  ]
                : []),
              ...(order.expires_at
                ? [{ key: 'expires', label: t('expires'), children: format.dateTime(order.expires_at) }]
                : []),
              ...(order.express_info
                ? [
                    {
                      key: 'express',
                      label: t('express'),
                      children: `${order.express_info.express_name} ${order.express_info.express_no}`,
                    },
                  ]
                : []),
              ...(order.remark ? [{ key: 'remark', label: t('remark'), children: order.remark }] : []),
              ...(order.cancel_reason ? [{ key: 'reason', label: t('reason'), children: order.cancel_reason }] : []),
            ]}
          />
        </Card>
        {order.address && (
          <Card size="small" title={t('address')} style={{ flex: '1 1 320px' }}>
            <p>
              <strong>{order.address.contact}</strong> · {phone(order.address.phone)}
            </p>
            <p>
              {[
                order.address.unit,
                order.address.address,
                order.address.area,
                order.address.city,
                order.address.province,
              ]
                .filter(Boolean)
                .join(', ')}
            </p>
            <p>
              {order.address.postcode} {order.address.country}
            </p>
            {order.address.company && <p>{order.address.company}</p>}
          </Card>
        )}
        <Card size="small" title={t('history')} style={{ flex: '1 1 280px' }}>
          <Timeline
            items={order.timeline.map((e) => ({
              children: (
                <>
                  <strong>
                    {refundStepText(e.refund, t, format.money, 'refundSteps') ??
                      ORDER_STATUS_LABELS[orderStatusNameOf(e.status)][locale]}
                  </strong>
                  <div>{format.dateTime(e.at)}</div>
                  {/* A refund step says itself; its note ("refund 10.20") only repeats it. */}
                  {e.note && !e.refund && <div>{e.note}</div>}
                </>
              ),
            }))}
          />
        </Card>
      </Flex>
      <Card size="small" title={t('items')}>
        <Table
          rowKey="sku_id"
          pagination={false}
          dataSource={order.lines}
          aria-label={t('items')}
          columns={[
            {
              key: 'image',
              title: t('picture'),
              render: (_, l) => (
                <Avatar shape="square" size={40} src={l.image ? imageVariant(l.image, 'thumb') : undefined} alt="" />
              ),
            },
            { key: 'name', title: t('goods'), render: (_, l) => `${l.goods_name} · ${l.sku_name}` },
            { key: 'price', title: t('price'), align: 'right', render: (_, l) => format.money(l.price) },
            {
              key: 'qty',
              title: t('quantity'),
              align: 'right',
              render: (_, l) =>
                l.refunded_num > 0 ? `${l.buy_num} (${t('refundedUnits', { count: l.refunded_num })})` : l.buy_num,
            },
            { key: 'amount', title: t('lineAmount'), align: 'right', render: (_, l) => format.money(l.amount) },
          ]}
          summary={() => (
            <>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={4} align="right">
                  {t('freight')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {format.money(order.freight_amount)}
                </Table.Summary.Cell>
              </Table.Summary.Row>
              {order.coupon_amount > 0 && (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={4} align="right">
                    {t('coupon')}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    −{format.money(order.coupon_amount)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
              {order.points_amount > 0 && (
                <Table.Summary.Row>
                  <Table.Summary.Cell index={0} colSpan={4} align="right">
                    {t('points')} ({order.points_used})
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={1} align="right">
                    −{format.money(order.points_amount)}
                  </Table.Summary.Cell>
                </Table.Summary.Row>
              )}
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={4} align="right">
                  <strong>{t('amount')}</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <strong>{format.money(order.pay_amount)}</strong>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </>
          )}
        />
      </Card>
      <Modal
        open={shipping}
        title={t('shipTitle')}
        okText={t('ship')}
        onCancel={() => setShipping(false)}
        confirmLoading={ship.isPending}
        onOk={() => void shipForm.validateFields().then((f) => ship.mutate(f))}
        destroyOnHidden
      >
        <Form form={shipForm} layout="vertical" preserve={false}>
          <Form.Item name="express_name" label={t('carrier')} rules={[requiredRule()]}>
            <Input maxLength={40} placeholder="Royal Mail" />
          </Form.Item>
          <Form.Item name="express_no" label={t('trackingNo')} rules={[requiredRule()]}>
            <Input maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </Page>
  );
}
