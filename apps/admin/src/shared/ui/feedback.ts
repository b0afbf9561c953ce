import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';
import i18n from 'i18next';

/**
 * antd's message and modal, themed and translated: App (app/app.tsx) hands over the instances of its
 * <App> context once mounted, so code outside React (the client's error display) can use them.
 */
let instances: { message: MessageInstance; modal: ModalHookAPI } | null = null;

export function setFeedback(next: { message: MessageInstance; modal: ModalHookAPI }): void {
  instances = next;
}

export function showMessage(text: string, kind: 'error' | 'success' | 'info' = 'error'): void {
  void instances?.message[kind](text);
}

/** A failure the user must acknowledge, titled (a dialog needs a name for screen readers). */
export function showAlert(text: string, title: string = i18n.t('common:api.failedTitle')): void {
  instances?.modal.error({ title, content: text });
}
