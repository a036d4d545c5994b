/**
 * The parts of ECharts the consoles draw with, registered once. Charts import this module
 * dynamically, so ECharts stays out of every page without a chart; the named imports let the
 * bundler leave out the chart kinds and components nobody draws (a dynamic
 * `import('echarts/charts')` would keep all of them: maps, geo data, 3D, … several hundred KB).
 * The legend is the plain one, ECharts' default type: LegendComponent would add the scrolling
 * legend too (about 2 KB gzip) that no chart asks for.
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendPlainComponent, TooltipComponent } from 'echarts/components';
import { getInstanceByDom, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, GridComponent, TooltipComponent, LegendPlainComponent, CanvasRenderer]);

export { getInstanceByDom, init };
