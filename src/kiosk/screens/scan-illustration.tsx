/** A card held under a hand scanner, drawn inline (no image to load). */
export function ScanIllustration({ label }: { label: string }) {
  return (
    <svg className="scan-illustration" viewBox="0 0 240 160" role="img" aria-label={label}>
      <rect x="60" y="8" width="120" height="34" rx="10" className="ill-scanner" />
      <path d="M86 42 L70 96 H170 L154 42 Z" className="ill-beam" />
      <rect x="62" y="92" width="116" height="62" rx="9" className="ill-card" />
      <rect x="76" y="106" width="46" height="8" rx="4" className="ill-card-line" />
      <g className="ill-card-line">
        {[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => (
          <rect key={i} x={76 + i * 10} y={124} width={i % 3 === 0 ? 6 : 3} height={20} />
        ))}
      </g>
    </svg>
  );
}
