import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What shows instead of the children once they threw while rendering. */
  fallback: ReactNode;
  /** A change of this value (a new path, another record) renders the children again. */
  resetKey?: unknown;
  children?: ReactNode;
}

interface State {
  failed: boolean;
  key: unknown;
}

/**
 * Confines a render error to the part that threw (one form field, one page) so the rest of the
 * console or storefront keeps working; logged for the developer console.
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return Object.is(props.resetKey, state.key) ? null : { failed: false, key: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[souk] render failed', error, info.componentStack);
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
