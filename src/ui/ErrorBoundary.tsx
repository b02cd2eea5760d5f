import { Component, type ReactNode } from 'react';

/**
 * Confines a render error to the part that threw (one form field, one page) so the rest of the
 * console or storefront keeps working; React reports the error on the console. Give it a `key`
 * (the path, the field) to try again when that changes. Kept tiny: it ships in the storefront's
 * entry.
 */
export class ErrorBoundary extends Component<{ fallback: ReactNode; children?: ReactNode }, { failed?: boolean }> {
  state = {} as { failed?: boolean };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
