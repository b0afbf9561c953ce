import { CODE_RESEND_SECONDS } from '@studio/contract/account';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { useLockedAction } from '@/shared/hooks/use-locked-action';

interface SendCodeButtonProps {
  /** Sends the code; resolves when sent (the 60 s countdown then starts), throws when not. */
  onSend: () => Promise<boolean>;
  /** Accessible name when a page has more than one such button. */
  label?: string;
}

/** "Send code", then "Resend in N s" for 60 seconds (one send per 60 s per target, RULES.md). */
export function SendCodeButton({ onSend, label }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const { secondsLeft, start } = useCountdown();
  const [send, sending] = useLockedAction(async () => {
    if (await onSend()) start(CODE_RESEND_SECONDS);
  });
  const text = secondsLeft > 0 ? t('common.code.resendIn', { seconds: secondsLeft }) : t('common.code.send');
  return (
    <Button
      className="send-code-button"
      size="small"
      color="primary"
      fill="outline"
      loading={sending}
      disabled={sending || secondsLeft > 0}
      onClick={() => void send()}
      aria-label={label ? `${label} (${text})` : undefined}
    >
      {text}
    </Button>
  );
}
