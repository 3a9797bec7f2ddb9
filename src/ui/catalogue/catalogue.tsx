import { CATALOGUE } from './entries';

/** The kiosk tablet's two orientations, drawn at 40 %. */
const FRAMES = [
  { name: 'portrait', width: 800, height: 1280 },
  { name: 'landscape', width: 1280, height: 800 },
] as const;
const SCALE = 0.4;

/**
 * The living catalogue: with `show`, that one component alone on a tablet-sized page (what each
 * frame loads); else every component twice, in a portrait and a landscape frame, side by side. The
 * frames are real pages, so orientation media queries apply as they do on the tablet.
 */
export function Catalogue({ show }: { show: string | null }) {
  if (show !== null) {
    const entry = CATALOGUE.find((candidate) => candidate.name === show);
    return (
      <main className="catalogue-frame ui-branded">
        <h1 className="catalogue-name">{entry?.name ?? `No component named ${show}`}</h1>
        {entry?.render()}
      </main>
    );
  }
  return (
    <main className="catalogue ui-branded">
      <h1>Design system</h1>
      <p>
        Every component of src/ui in both orientations of a 10" tablet. docs/design-system.md says how to use
        them.
      </p>
      {CATALOGUE.map((entry) => (
        <section key={entry.name} aria-label={entry.name}>
          <h2>{entry.name}</h2>
          <div className="catalogue-frames">
            {FRAMES.map((frame) => (
              <iframe
                key={frame.name}
                title={`${entry.name}, ${frame.name}`}
                src={`?show=${encodeURIComponent(entry.name)}`}
                width={frame.width}
                height={frame.height}
                style={{
                  width: frame.width,
                  height: frame.height,
                  marginRight: -frame.width * (1 - SCALE),
                  marginBottom: -frame.height * (1 - SCALE),
                  transform: `scale(${SCALE})`,
                }}
              />
            ))}
          </div>
        </section>
      ))}
    </main>
  );
}
