import type { ReactNode } from 'react';
import { Button } from '../../ui/button';
import { Screen } from '../components/screen';

/** One way forward on a ChoiceScreen: its words, its test id, what it does. */
export interface Choice {
  label: string;
  hint: string;
  testId: string;
  onSelect: () => void;
}

/**
 * The customer chooses what to do (pay or top up): a question and two large buttons, each with a
 * line saying what it means.
 */
export function ChoiceScreen({
  title,
  lead,
  choices,
  testId,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  choices: Choice[];
  testId: string;
  footer: ReactNode;
}) {
  return (
    <Screen title={title} testId={testId} footer={footer}>
      {lead}
      <div className="choice-buttons">
        {choices.map((choice) => (
          <Button
            key={choice.testId}
            className="choice-button"
            data-testid={choice.testId}
            onClick={choice.onSelect}
          >
            <span className="choice-label">{choice.label}</span>
            <span className="choice-hint">{choice.hint}</span>
          </Button>
        ))}
      </div>
    </Screen>
  );
}
