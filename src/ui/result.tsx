import type { ReactNode } from 'react';
import { ProgressBar } from './progress-bar';
import { StatusIcon, type StatusKind } from './status-icon';

/**
 * What a result's hero says: `success` (it went through), `due` (money still to pay, or what went
 * wrong: never dressed as success), `neutral` (a visit that changed nothing).
 */
export type ResultTone = 'success' | 'due' | 'neutral';

const ICON: Record<ResultTone, StatusKind> = { success: 'success', due: 'warning', neutral: 'goodbye' };

/** The figure a result is about: its label and its value (text, Money, Credits). */
export interface ResultHero {
  label: ReactNode;
  value: ReactNode;
  testId?: string;
  /** The value is words (a reward's name), drawn smaller than a figure. */
  text?: boolean;
}

/**
 * The one result template of every front end: the outcome icon, a welcome for a new member, the
 * hero figure (what is due or what went wrong when something is; else what was gained), one line
 * on what it means, the unlock line when a reward became claimable, the progress to the next
 * reward, and further figures (`details`). The screen's heading and actions are the caller's; so is
 * the time the result stays (results fade by themselves, with no "are you still there?").
 */
export function ResultTemplate({
  tone,
  hero,
  meaning,
  welcome,
  unlock,
  progress,
  details,
  children,
}: {
  tone: ResultTone;
  hero?: ResultHero;
  meaning?: ReactNode;
  welcome?: ReactNode;
  unlock?: ReactNode;
  progress?: { label: ReactNode; value: number; max: number };
  details?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className={`ui-result ui-result-${tone}`} data-testid="result">
      <div className="ui-result-main">
        <StatusIcon kind={ICON[tone]} />
        {welcome ? (
          <p className="ui-result-welcome" data-testid="result-welcome">
            {welcome}
          </p>
        ) : null}
        {hero ? (
          <p className="ui-result-hero" data-testid={hero.testId}>
            <span className="ui-result-hero-label">{hero.label}</span>
            <span className={hero.text ? 'ui-result-hero-value ui-result-hero-text' : 'ui-result-hero-value'}>
              {hero.value}
            </span>
          </p>
        ) : null}
        {meaning ? (
          <p className="ui-result-meaning" data-testid="result-meaning">
            {meaning}
          </p>
        ) : null}
      </div>
      {unlock || progress || details || children ? (
        <div className="ui-result-more">
          {unlock ? (
            <p className="ui-result-unlock" data-testid="result-unlock">
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M12 2l2.9 6.6 7.1.7-5.4 4.8 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 9.3l7.1-.7z" />
              </svg>
              <span>{unlock}</span>
            </p>
          ) : null}
          {progress ? (
            <ProgressBar
              label={progress.label}
              value={progress.value}
              max={progress.max}
              testId="result-progress"
            />
          ) : null}
          {details}
          {children}
        </div>
      ) : null}
    </div>
  );
}
