import { render, screen } from '@testing-library/react';
import { BarChart, niceMax } from './BarChart';

describe('niceMax', () => {
  it('rounds the axis up to 1, 2 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7.5)).toBe(10);
    expect(niceMax(1234.56)).toBe(2000);
    expect(niceMax(50)).toBe(50);
  });
});

describe('BarChart', () => {
  const days = ['2026-11-20', '2026-11-21'];
  it('tells each day its values and labels the axis without repeating a label', () => {
    const { container } = render(
      <BarChart
        title="Calls per day"
        labels={days}
        stacked
        format={(n) => String(Math.round(n))}
        series={[
          { key: 'a', label: 'Completed', color: '#0f0', values: [1, 0] },
          { key: 'b', label: 'Missed', color: '#f00', values: [1, 0] },
        ]}
      />,
    );
    expect(screen.getByRole('img', { name: 'Calls per day' })).toBeTruthy();
    const tooltips = [...container.querySelectorAll('g[data-day] > title')].map((t) => t.textContent);
    expect(tooltips).toEqual(['2026-11-20: Completed 1, Missed 1', '2026-11-21: Completed 0, Missed 0']);
    // A quiet day draws no bar; the busy day stacks one bar per series.
    expect(container.querySelectorAll('g[data-day="2026-11-20"] rect[fill="#0f0"]')).toHaveLength(1);
    expect(container.querySelectorAll('g[data-day="2026-11-21"] rect[fill="#0f0"]')).toHaveLength(0);
    const axis = [...container.querySelectorAll('svg > g:not([data-day]) text')].map((t) => t.textContent);
    expect(axis).toEqual([...new Set(axis)]);
    expect(screen.getByText('Completed: 1')).toBeTruthy();
  });
});
