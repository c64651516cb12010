import { theme } from 'antd';
import { useMemo } from 'react';

/** The console's look, as ECharts needs it: antd's tokens, so charts follow the theme wherever it changes. */
export interface ChartTheme {
  /** Series colours in order: the brand first, then antd's preset hues. */
  palette: string[];
  text: string;
  textSecondary: string;
  axisLine: string;
  splitLine: string;
  background: string;
  tooltipBackground: string;
  tooltipBorder: string;
  tooltipShadow: string;
  borderRadius: number;
  fontFamily: string;
  fontSize: number;
}

export function useChartTheme(): ChartTheme {
  const { token } = theme.useToken();
  return useMemo(
    () => ({
      palette: [token.colorPrimary, token.blue, token.gold, token.purple, token.cyan, token.magenta, token.volcano, token.geekblue, token.lime],
      text: token.colorText,
      textSecondary: token.colorTextSecondary,
      axisLine: token.colorBorder,
      splitLine: token.colorBorderSecondary,
      background: token.colorBgContainer,
      tooltipBackground: token.colorBgElevated,
      tooltipBorder: token.colorBorderSecondary,
      tooltipShadow: token.boxShadowSecondary,
      borderRadius: token.borderRadius,
      fontFamily: token.fontFamily,
      fontSize: token.fontSizeSM,
    }),
    [token],
  );
}
