/** A busy indicator with its text (the text is what screen readers announce). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner-wheel" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
