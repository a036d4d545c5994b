/**
 * The parts of ECharts the consoles draw with, registered once. Charts import this module
 * dynamically, so ECharts stays out of every page without a chart; the named imports let the
 * bundler leave out the chart kinds and components nobody draws (a dynamic
 * `import('echarts/charts')` would keep all of them: maps, geo data, 3D, … several hundred KB).
 */
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { getInstanceByDom, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

use([LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export { getInstanceByDom, init };
