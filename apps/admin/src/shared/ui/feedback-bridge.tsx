import { App } from 'antd';
import { useEffect } from 'react';
import { setFeedback } from './feedback';

/**
 * Hands antd's themed message and modal to code outside React (the client's error display, the
 * forms' save errors): mounted once inside antd's <App>, in the app and in component tests alike.
 */
export function FeedbackBridge() {
  const { message, modal } = App.useApp();
  useEffect(() => setFeedback({ message, modal }), [message, modal]);
  return null;
}
