//! Error boundaries: a generic one (navbar items use it) and the page crash screen.
import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import styles from './styles.module.css';
import { t } from '../../lib/i18n';

export type Props = {
  /** What to show instead of the crashed children; `reset` renders them again. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  children: ReactNode;
};

type State = { error: unknown; hasError: boolean };

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[docsite] A component crashed.', error, info.componentStack);
  }

  reset = () => this.setState({ error: null, hasError: false });

  override render() {
    return this.state.hasError ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}

/** The messages of an error and its `cause` chain, outermost first. */
export function errorChain(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && messages.length < 10) {
    seen.add(current);
    messages.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return messages;
}

/** Document title while the crash screen shows (Docusaurus's error page title). */
export const CRASH_TITLE = 'Page Error';

/** The crash screen shown in place of a page that threw while rendering. */
export function CrashScreen({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const [message, ...causes] = errorChain(error);
  useEffect(() => {
    const previous = document.title;
    document.title = CRASH_TITLE;
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <div className={styles.crash} role="alert">
      <h1 className={styles.title}>{t('theme.ErrorPageContent.title', 'This page crashed.')}</h1>
      <p className={styles.message}>{message}</p>
      {causes.map((cause, index) => (
        <p key={index} className={styles.cause}>
          Cause: {cause}
        </p>
      ))}
      <button type="button" className="button button--primary" onClick={onRetry}>
        {t('theme.ErrorPageContent.tryAgain', 'Try again')}
      </button>
    </div>
  );
}

/** Wraps a page: a rendering error shows the crash screen, "Try again" re-renders. */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary fallback={(error, reset) => <CrashScreen error={error} onRetry={reset} />}>{children}</ErrorBoundary>;
}
