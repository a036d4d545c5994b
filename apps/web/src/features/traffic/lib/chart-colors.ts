/**
 * The theme's colours for a chart: ECharts draws in its own light palette otherwise, and its
 * bright grid lines glare on the dark theme.
 */
export interface ChartColors {
  /** The line of this period (the theme's primary colour). */
  primary: string;
  /** Axis labels and the legend. */
  text: string;
  /** Axis and grid lines. */
  line: string;
}

/** An axis in the theme's colours, with its labels written by `formatter` when given. */
export function themedAxis(colors: ChartColors, formatter?: (value: number) => string) {
  return {
    axisLabel: { color: colors.text, ...(formatter ? { formatter } : {}) },
    axisLine: { lineStyle: { color: colors.line } },
    splitLine: { lineStyle: { color: colors.line } },
  };
}
