// The generic error screen: 'Something went wrong.' with a 'Try Again' button, the
// Bulgarian beside the fixed English words.
import { Component, ReactNode } from 'react';
import { SHOP, STOREFRONT } from '@domain/messages';

export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error(error);
  }

  componentDidUpdate(prev: { resetKey?: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="page narrow center error-screen" role="alert">
        <h1>
          <span lang="bg">{SHOP.errorScreenBg}</span> <span lang="en">{STOREFRONT.errorScreen}</span>
        </h1>
        <button type="button" className="button" onClick={() => this.setState({ error: null })}>
          <span lang="bg">{SHOP.tryAgainBg}</span> / <span lang="en">{STOREFRONT.tryAgain}</span>
        </button>
      </div>
    );
  }
}
