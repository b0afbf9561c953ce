import { Dialog, type DialogConfirmProps } from 'antd-mobile';
import { dialogContainer } from './dialog-container';

export interface ConfirmDialogProps extends Omit<DialogConfirmProps, 'title' | 'content' | 'aria-label'> {
  title?: string;
  /** The question; it names the dialog for a screen reader when there is no title. */
  content: string;
}

/**
 * The app's one "are you sure?": antd-mobile's Dialog.confirm, named by its title (or its question)
 * so a screen reader announces what is being asked, not an unnamed "dialog".
 */
export function confirmDialog({ title, content, ...props }: ConfirmDialogProps): Promise<boolean> {
  return Dialog.confirm({ ...props, title, content, 'aria-label': title ?? content, getContainer: dialogContainer });
}
