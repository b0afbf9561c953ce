import { PlusOutlined } from '@ant-design/icons';
import { useCallMutation } from '@studio/client/mutation';
import { type AdminCategoryNode, adminShopCalls, CATEGORY_MAX_LEVEL } from '@studio/contract/shop';
import { App, Button, Card, Empty, Flex, Form, InputNumber, Tag, Tree, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '@/shared/api/client';
import { FormDrawer } from '@/shared/forms/form-drawer';
import { showSaveError } from '@/shared/forms/forms';
import { LocalizedFields, localizedValue } from '@/shared/forms/localized-fields';
import { useConfirmDanger } from '@/shared/ui/confirm';
import { showAlert } from '@/shared/ui/feedback';
import { Page, QueryState } from '@/shared/ui/page';
import { categoryOptions, useCategoryTree } from './shop-options';

interface CategoryFields {
  name: Record<string, string>;
  parent_id: string | null;
  sort: number;
}
type Editing = { node?: AdminCategoryNode; parentId: string | null } | null;

/** The shop's categories as a tree: add at any level (10 at most), rename, reorder, delete an empty one. */
export function CategoriesPage() {
  const { t } = useTranslation('shop');
  const { message, modal } = App.useApp();
  const tree = useCategoryTree();
  const confirm = useConfirmDanger();
  const [editing, setEditing] = useState<Editing>(null);
  const [form] = Form.useForm<CategoryFields>();
  const invalidates = [[adminShopCalls.getCategoryTree.url], ['client/pub.getCategoryTree']];
  const save = useCallMutation(
    (fields: CategoryFields) =>
      call(
        adminShopCalls.saveCategory,
        {
          ...(editing?.node ? { _id: editing.node._id } : {}),
          name: localizedValue(fields.name),
          parent_id: fields.parent_id ?? null,
          sort: fields.sort ?? 0,
        },
        { silent: true },
      ),
    {
      invalidates,
      onSuccess: () => {
        void message.success(t('common:saved'));
        setEditing(null);
      },
      onError: (error) => showSaveError(form, error),
    },
  );
  const remove = useCallMutation((id: string) => call(adminShopCalls.deleteCategory, { _id: id }, { silent: true }), {
    invalidates,
    onSuccess: () => void message.success(t('categories.deleted')),
    onError: (error) => showAlert((error as Error).message),
  });

  const askDelete = (node: AdminCategoryNode) => {
    if (node.children.length > 0 || node.goods_count > 0) {
      modal.info({
        title: t('categories.cannotDelete'),
        content: t('categories.notEmpty', { children: node.children.length, goods: node.goods_count }),
      });
      return;
    }
    void confirm({
      title: t('categories.deleteTitle', { name: node.name }),
      content: t('categories.deleteBody'),
      okText: t('common:actions.delete'),
      onOk: () => remove.mutateAsync(node._id),
    });
  };

  const toTreeData = (nodes: AdminCategoryNode[], level = 1): object[] =>
    nodes.map((n) => ({
      key: n._id,
      title: (
        <Flex gap={8} align="center" className="category-row">
          <span className="category-name">{n.name}</span>
          <Tag>{t('categories.goodsCount', { count: n.goods_count })}</Tag>
          <Button
            type="link"
            size="small"
            onClick={() => setEditing({ node: n, parentId: n.parent_id })}
            aria-label={`${t('common:actions.edit')} ${n.name}`}
          >
            {t('common:actions.edit')}
          </Button>
          {level < CATEGORY_MAX_LEVEL && (
            <Button
              type="link"
              size="small"
              onClick={() => setEditing({ parentId: n._id })}
              aria-label={t('categories.addUnder', { name: n.name })}
            >
              {t('categories.addChild')}
            </Button>
          )}
          <Button
            type="link"
            size="small"
            danger
            onClick={() => askDelete(n)}
            aria-label={`${t('common:actions.delete')} ${n.name}`}
          >
            {t('common:actions.delete')}
          </Button>
        </Flex>
      ),
      children: toTreeData(n.children, level + 1),
    }));

  return (
    <Page
      title={t('categories.title')}
      subtitle={t('categories.subtitle', { levels: CATEGORY_MAX_LEVEL })}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ parentId: null })}>
          {t('categories.new')}
        </Button>
      }
    >
      <Card>
        <QueryState query={tree}>
          {(data) =>
            data.rows.length === 0 ? (
              <Empty description={t('categories.empty')} />
            ) : (
              <Tree
                defaultExpandAll
                blockNode
                selectable={false}
                treeData={toTreeData(data.rows) as never}
                aria-label={t('categories.title')}
              />
            )
          }
        </QueryState>
      </Card>
      <FormDrawer<CategoryFields>
        title={editing?.node ? t('categories.edit') : t('categories.new')}
        open={editing !== null}
        onClose={() => setEditing(null)}
        form={form}
        saving={save.isPending}
        onSubmit={(fields) => save.mutate(fields)}
        initialValues={
          editing?.node
            ? { name: editing.node.name_i18n, parent_id: editing.node.parent_id, sort: editing.node.sort }
            : { parent_id: editing?.parentId ?? null, sort: 0 }
        }
      >
        <LocalizedFields name="name" label={t('categories.name')} required maxLength={40} />
        <Form.Item name="parent_id" label={t('categories.parent')}>
          <TreeSelect
            allowClear
            placeholder={t('categories.topLevel')}
            treeData={categoryOptions(tree.data?.rows ?? [])}
            treeDefaultExpandAll
            style={{ width: 320 }}
          />
        </Form.Item>
        <Form.Item name="sort" label={t('categories.sort')} extra={t('categories.sortHelp')}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
        <Typography.Text type="secondary">{t('categories.levelsNote', { levels: CATEGORY_MAX_LEVEL })}</Typography.Text>
      </FormDrawer>
    </Page>
  );
}
