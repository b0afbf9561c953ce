import i18n from '@/i18n/i18n';
import { TOAST_MS } from '@/shared/config';
import { dialogContainer } from './dialog-container';

/*
 * Toasts and alerts for code outside components (the api client). antd-mobile's Toast and Dialog
 * bring its animation library with them, so they load on first use instead of with every page.
 */
const loadToast = () => import('antd-mobile/es/components/toast').then((m) => m.default);
const loadDialog = () => import('antd-mobile/es/components/dialog').then((m) => m.default);

/** A short message for 1500 ms (UI.md: success and light failures). */
export function showToast(content: string): void {
  void loadToast().then((Toast) => Toast.show({ content, duration: TOAST_MS }));
}

/** A message the user must acknowledge. */
export function showAlert(content: string): void {
  void loadDialog().then((Dialog) =>
    Dialog.alert({ content, 'aria-label': content, confirmText: i18n.t('common.ok'), getContainer: dialogContainer }),
  );
}

/**
 * Closes every open dialog (alerts and confirms, also those a page opened itself): called on each
 * route change, so an alert about the page that was left never sits over the next one. Only when one
 * is open does this load the dialog module, which is then loaded already.
 */
export function closeDialogs(): void {
  if (!document.querySelector('.adm-dialog-body')) return;
  void loadDialog().then((Dialog) => Dialog.clear());
}

let loadingShown = false;

/** The shared loading indicator; stays until hideLoading. */
export function showLoading(): void {
  loadingShown = true;
  void loadToast().then((Toast) => {
    if (loadingShown)
      Toast.show({ icon: 'loading', content: i18n.t('common.loading'), duration: 0, maskClickable: true });
  });
}

export function hideLoading(): void {
  if (!loadingShown) return;
  loadingShown = false;
  void loadToast().then((Toast) => Toast.clear());
}
