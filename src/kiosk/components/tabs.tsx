import { type KeyboardEvent, type ReactNode, useId } from 'react';

/**
 * Large touch tabs (WAI-ARIA tabs pattern: arrow keys move between them) above one panel.
 * Controlled: `selected` is the flow's, `onSelect` moves it.
 */
export function Tabs<T extends string>({
  tabs,
  selected,
  onSelect,
  label,
  children,
}: {
  tabs: { id: T; label: string }[];
  selected: T;
  onSelect: (id: T) => void;
  label: string;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const prefix = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next = tabs[(index + step + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.id);
    document.getElementById(`${prefix}-tab-${next.id}`)?.focus();
  };
  return (
    <div className="tabs">
      <div className="tab-list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${prefix}-tab-${tab.id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab.id === selected}
            aria-controls={`${prefix}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            data-testid={`tab-${tab.id}`}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        id={`${prefix}-panel`}
        className="tab-panel"
        role="tabpanel"
        aria-labelledby={`${prefix}-tab-${selected}`}
        data-testid={`panel-${selected}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel that scrolls must be reachable by keyboard (WAI-ARIA tabs)
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
