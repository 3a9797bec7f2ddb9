import { type ReactNode, useId } from 'react';

/**
 * A labelled form field: `children` gets the input's id and its aria-describedby (the hint and the
 * error), so the label, the hint and the error are read with it. `error`: shown under it.
 */
export function Field({
  label,
  hint,
  error,
  optional,
  children,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  /** The "(optional)" after the label. */
  optional?: string;
  children: (props: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="office-field">
      <label htmlFor={id}>
        {label}
        {optional ? <span className="office-optional"> {optional}</span> : null}
      </label>
      {hint ? (
        <p className="office-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {error ? (
        <p className="office-field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
