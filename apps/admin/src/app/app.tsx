import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { type Locale, resolveLocale } from '@studio/contract/locale';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { queryClient } from '@/shared/api/client';
import { FeedbackBridge } from '@/shared/ui/feedback-bridge';
import { router } from './router';

/**
 * The studio's colours (UI.md): a warm primary, and secondary texts darker than antd's defaults
 * (#8c8c8c is 3.4:1 on white) so every text reaches 4.5:1 (WCAG AA), on white and on the grey page.
 */
const theme = {
  token: {
    colorPrimary: '#8a4b2a',
    colorLink: '#8a4b2a',
    colorTextSecondary: '#595959',
    colorTextTertiary: '#595959',
    colorTextDescription: '#595959',
    // Placeholders too: antd's #bfbfbf is 1.8:1 on white.
    colorTextPlaceholder: '#767676',
    // antd's red (#ff4d4f) is 3.3:1 on white: danger buttons and errors use a deeper one.
    colorError: '#c62828',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Noto Sans CJK SC', sans-serif",
  },
  components: {
    Menu: { itemSelectedBg: '#f4ebe4', itemSelectedColor: '#6b381d', itemHoverBg: '#f7f1ec' },
    Progress: { defaultColor: '#8a4b2a' },
  },
};

/** antd's and dayjs's own texts (date pickers, pagination, empty tables) in the staff member's language. */
const ANTD_LOCALES = { en: enUS, 'zh-Hans': zhCN, 'zh-Hant': zhTW } satisfies Record<Locale, unknown>;
const DAYJS_LOCALES: Record<Locale, string> = { en: 'en', 'zh-Hans': 'zh-cn', 'zh-Hant': 'zh-tw' };

export function App() {
  const { i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[locale]);
  }, [locale]);
  return (
    <ConfigProvider locale={ANTD_LOCALES[locale]} theme={theme}>
      <AntdApp>
        <FeedbackBridge />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}
