import { Component, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n';

/**
 * The last line of defence: a rendering bug shows a friendly screen with a reload button instead
 * of a blank page (a kiosk must never look dead).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="kiosk">
        <main className="kiosk-main">
          <section className="screen screen-warning" data-testid="screen-crash">
            <h1>{i18n.t('terminal.errorTitle')}</h1>
            <div className="screen-body">
              <button
                type="button"
                className="button button-primary"
                onClick={() => window.location.reload()}
              >
                {i18n.t('common.tryAgain')}
              </button>
            </div>
          </section>
        </main>
      </div>
    );
  }
}
