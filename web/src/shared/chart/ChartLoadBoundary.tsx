import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

/** ECharts that cannot load (offline, a new deployment) or draw leaves the chart's data readable: the fallback. */
export class ChartLoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
