import type { ThemeConfig } from 'antd';
import { BRAND_COLOR, BRAND_DEEP } from '../shared/brand';

/** Kayuh brand on a calm grey canvas; compact chrome, roomy content; every text colour passes WCAG AA. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND_COLOR,
    colorInfo: BRAND_COLOR,
    colorLink: BRAND_COLOR,
    borderRadius: 8,
    fontSize: 14,
    colorBgLayout: '#f4f6f8',
    // antd's default greys are too faint for small text: secondary text and placeholders are darkened.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  },
  components: {
    Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px', siderBg: '#ffffff', bodyBg: '#f4f6f8' },
    Menu: { itemBorderRadius: 6, itemHeight: 38, itemSelectedColor: BRAND_DEEP, itemSelectedBg: '#e3f3ed' },
    Tabs: { cardHeight: 34, horizontalMargin: '0' },
    Card: { borderRadiusLG: 10 },
    // The info palette derived from the deep brand green is too dark behind body text.
    Alert: { colorInfoBg: '#eaf6f1', colorInfoBorder: '#b9e2d3' },
  },
};
