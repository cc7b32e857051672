import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import './trend-chart.css';

// Only the pieces the trend needs, so the lazy chunk stays small.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

const yuan = (fen: number) => Number((fen / 100).toFixed(2));

function dayLabel(ms: number): string {
  const d = new Date(ms);
  return `${d.getMonth() + 1}/${d.getDate()}`;
}

/** One day of a trend: the local midnight (ms), orders, and money in fen. */
export interface TrendDay {
  day: number;
  orders: number;
  sales: number;
  profit: number;
}

/**
 * 近 30 天销售额、利润（元）与订单数: the admin 控制台 and the site owner's 分站概况 (whose profit is
 * their own share, named by `profitLabel`). Its own chunk, loaded with React.lazy by both.
 */
export default function TrendChart({ trend, profitLabel = '利润' }: { trend: TrendDay[]; profitLabel?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const chart = echarts.init(box.current);
    chart.setOption({
      tooltip: { trigger: 'axis' },
      legend: { data: ['销售额（元）', `${profitLabel}（元）`, '订单数'], top: 0 },
      grid: { left: 48, right: 40, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: trend.map((d) => dayLabel(d.day)) },
      yAxis: [
        { type: 'value', name: '元', minInterval: 1 },
        { type: 'value', name: '单', minInterval: 1, splitLine: { show: false } },
      ],
      series: [
        {
          name: '销售额（元）',
          type: 'line',
          smooth: true,
          areaStyle: { opacity: 0.12 },
          data: trend.map((d) => yuan(d.sales)),
        },
        { name: `${profitLabel}（元）`, type: 'line', smooth: true, data: trend.map((d) => yuan(d.profit)) },
        {
          name: '订单数',
          type: 'bar',
          yAxisIndex: 1,
          barMaxWidth: 14,
          itemStyle: { opacity: 0.45 },
          data: trend.map((d) => d.orders),
        },
      ],
    });
    const resize = new ResizeObserver(() => chart.resize());
    resize.observe(box.current);
    return () => {
      resize.disconnect();
      chart.dispose();
    };
  }, [trend, profitLabel]);
  return <div ref={box} className="dashboard-trend" role="img" aria-label="近 30 天销售趋势图" />;
}
