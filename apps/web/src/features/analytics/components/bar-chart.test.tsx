import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AnalyticsBarChart, { wrapLabel } from './bar-chart';

const STAGES = ['Project Initiation', 'Presentation Ready', 'Financing and Documentation', 'Site Survey and Finalization', 'Project Completion', 'Archived'];
const MONTHS = ['Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026', 'May 2026', 'Jun 2026', 'Jul 2026', 'Aug 2026', 'Sep 2026', 'Oct 2026', 'Nov 2026'];

/**
 * jsdom lays nothing out, so every label would measure 0 px and never collide. Recharts measures
 * text through an element's bounding box: give each one the width its text would take at 11 px
 * (about 6.5 px a character), so labels that do not fit collide as they do in a browser.
 */
function measureText() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const width = (this.textContent ?? '').length * 6.5;
    return { x: 0, y: 0, top: 0, left: 0, bottom: 14, right: width, width, height: 14, toJSON: () => ({}) } as DOMRect;
  });
}
afterEach(() => vi.restoreAllMocks());

/** The category labels the chart drew, each label's lines joined by a space. */
const drawnLabels = (container: HTMLElement) =>
  [...container.querySelectorAll('.recharts-yAxis-tick-labels text, .recharts-xAxis-tick-labels text, .recharts-cartesian-axis-tick text')]
    .map((text) => [...text.querySelectorAll('tspan')].map((span) => span.textContent).join(' '))
    .filter((label) => STAGES.includes(label) || MONTHS.includes(label));

describe('the analytics bar chart labels every bar (issue 34 item 7)', () => {
  for (const width of [1280 - 2 * 180, 390 - 2 * 36]) {
    it(`draws every stage and every month at ${width} px`, () => {
      measureText();
      const stages = render(<AnalyticsBarChart width={width} data={STAGES.map((stage, index) => ({ stage, count: index + 1 }))} categoryKey="stage" series={[{ key: 'count', label: 'Projects', color: '#000' }]} />);
      expect(drawnLabels(stages.container)).toEqual(STAGES);
      stages.unmount();
      const months = render(
        <AnalyticsBarChart
          width={width}
          data={MONTHS.map((label, index) => ({ label, a: index, b: 1 }))}
          categoryKey="label"
          stacked
          series={[
            { key: 'a', label: 'A', color: '#000' },
            { key: 'b', label: 'B', color: '#111' },
          ]}
        />,
      );
      expect(drawnLabels(months.container)).toEqual(MONTHS);
    });
  }

  it('wraps a long stage name at spaces, and keeps a short one on one line', () => {
    expect(wrapLabel('Site Survey and Finalization')).toEqual(['Site Survey and', 'Finalization']);
    expect(wrapLabel('Financing and Documentation')).toEqual(['Financing and', 'Documentation']);
    expect(wrapLabel('Archived')).toEqual(['Archived']);
  });
});
