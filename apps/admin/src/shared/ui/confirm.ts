import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A confirmation before a destructive action, saying what will happen ("12 members will be notified
 * and get their credit back"). Resolves true when confirmed; `onOk` runs with the dialog's button
 * spinning and the dialog stays open when it fails.
 */
export function useConfirmDanger() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  return useCallback(
    ({
      title,
      content,
      okText,
      onOk,
    }: {
      title: string;
      content: React.ReactNode;
      okText?: string;
      onOk?: () => Promise<unknown>;
    }) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title,
          content,
          okText: okText ?? t('actions.confirm'),
          cancelText: t('actions.cancel'),
          okButtonProps: { danger: true },
          autoFocusButton: 'cancel',
          onOk: async () => {
            await onOk?.();
            resolve(true);
          },
          onCancel: () => resolve(false),
        });
      }),
    [modal, t],
  );
}
