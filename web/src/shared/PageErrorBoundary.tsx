import { Component, type ReactNode } from 'react';
import { ErrorResult } from './ErrorResult';

interface State {
  error: unknown;
}

/** One failing page must not take the shell and the other tabs down with it. */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  render() {
    return this.state.error ? <ErrorResult error={this.state.error} /> : this.props.children;
  }
}
