import { Button, Drawer, Flex, Form, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A create / edit form in a drawer: Save submits (spinning while the call runs, so a double click
 * never saves twice), Cancel and Escape close without saving.
 */
export function FormDrawer<T extends object>({
  title,
  open,
  onClose,
  form,
  onSubmit,
  onSubmitFailed,
  saving,
  children,
  width = 560,
  initialValues,
}: {
  title: string;
  open: boolean;
  onClose: () => void;
  form: FormInstance<T>;
  onSubmit: (values: T) => void;
  /** After a check failed (e.g. to show the tab that holds the first error). */
  onSubmitFailed?: () => void;
  saving: boolean;
  children: ReactNode;
  width?: number;
  initialValues?: Partial<T>;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={width}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => form.submit()}>
            {t('actions.save')}
          </Button>
        </Flex>
      }
    >
      <Form<T>
        form={form}
        layout="vertical"
        onFinish={onSubmit}
        onFinishFailed={onSubmitFailed}
        initialValues={initialValues}
        scrollToFirstError
        preserve={false}
      >
        {children}
      </Form>
    </Drawer>
  );
}
