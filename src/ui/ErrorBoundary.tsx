import { Component, type ReactNode } from 'react';

/**
 * Confines a render error to the part that threw (one form field, one page) so the rest of the
 * console or storefront keeps working; React reports the error on the console. Give it a `key`
 * (the path, the field) to try again when that changes, remounting the children; or a `resetKey`
 * to try again only after a failure, leaving working children (and their state) mounted. Kept
 * tiny: it ships in the storefront's entry.
 */
export class ErrorBoundary extends Component<
  { fallback: ReactNode; children?: ReactNode; resetKey?: string },
  { failed?: boolean; resetKey?: string }
> {
  state = {} as { failed?: boolean; resetKey?: string };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { resetKey?: string }, state: { resetKey?: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
