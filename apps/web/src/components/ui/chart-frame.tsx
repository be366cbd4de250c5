import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

/**
 * A chart's box: `height` tall, as wide as its container, or `width` pixels when given (the
 * tests, which have no layout). Hidden from assistive technology: every chart of the portal has
 * a table of the same numbers beside it.
 */
export function ChartFrame({ height, width, children }: { height: number; width?: number; children: ReactElement }) {
  return (
    <div className="w-full" style={{ height }} aria-hidden="true">
      {width === undefined ? (
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      ) : (
        children
      )}
    </div>
  );
}
