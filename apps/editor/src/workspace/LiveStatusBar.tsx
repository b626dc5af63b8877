import { StatusBar } from './StatusBar';
import type { StatusBarProps } from './StatusBar';
import { usePerformanceStatus } from './use-performance-status';

/** The status bar with the performance monitor's status: its refresh re-renders this bar, not the page. */
export function LiveStatusBar(props: Omit<StatusBarProps, 'performance'>) {
  return <StatusBar {...props} performance={usePerformanceStatus()} />;
}
