import type { ReactNode } from 'react';
import { Button } from '../button';
import { ProgressBar } from '../progress-bar';
import { ResultTemplate } from '../result';
import { StatusIcon, type StatusKind } from '../status-icon';

/** One component of the catalogue in its states: a name, and what it draws. */
export interface CatalogueEntry {
  name: string;
  render: () => ReactNode;
}

const KINDS: StatusKind[] = ['success', 'warning', 'cancelled', 'time', 'goodbye'];

/** Every component of src/ui, each in the states a screen uses. */
export const CATALOGUE: CatalogueEntry[] = [
  {
    name: 'Buttons',
    render: () => (
      <div className="catalogue-row">
        <Button>Primary</Button>
        <Button variant="secondary">Secondary</Button>
        <Button variant="quiet">Quiet</Button>
        <Button variant="link">Link</Button>
        <Button busy>Busy…</Button>
        <Button disabled>Disabled</Button>
      </div>
    ),
  },
  {
    name: 'Status icons',
    render: () => (
      <div className="catalogue-row">
        {KINDS.map((kind) => (
          <StatusIcon key={kind} kind={kind} />
        ))}
      </div>
    ),
  },
  {
    name: 'Progress bar',
    render: () => (
      <ProgressBar label="Only 18 credits to go to 10% off your next order." value={12} max={30} />
    ),
  },
  {
    name: 'Result: credits, unlocked, progress',
    render: () => (
      <ResultTemplate
        tone="success"
        hero={{ label: 'Credits earned', value: '+24' }}
        meaning="You now have 59 credits"
        unlock="You can now claim Free coffee"
        progress={{ label: 'Only 341 credits to go to Coffee beans.', value: 59, max: 400 }}
      />
    ),
  },
  {
    name: 'Result: a new member',
    render: () => (
      <ResultTemplate
        tone="success"
        welcome="Welcome to Demo Coffee!"
        hero={{ label: 'Credits earned', value: '+12' }}
        meaning="You now have 12 credits"
        progress={{ label: 'Only 18 credits to go to 10% off your next order.', value: 12, max: 30 }}
      />
    ),
  },
  {
    name: 'Result: still to pay',
    render: () => (
      <ResultTemplate
        tone="due"
        hero={{ label: 'Still to pay at the till', value: '€5.00' }}
        meaning="Your prepaid balance paid €15.00 of €20.00."
      />
    ),
  },
  {
    name: 'Result: nothing changed',
    render: () => <ResultTemplate tone="neutral" meaning="See you next time!" />,
  },
  {
    name: 'Unusable balance',
    render: () => (
      <p className="catalogue-text">
        This gift card has expired: <span className="ui-unusable">€10.00</span>
      </p>
    ),
  },
];
