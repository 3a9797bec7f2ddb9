import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import CameraScanner from '../../src/kiosk/input/camera-scanner';
import { useHandScanner } from '../../src/kiosk/input/hand-scanner';

/** What the page saw, for the bench to read: scans with their time (performance.now()). */
interface ScannerLog {
  scans: { value: string; source: 'camera' | 'hand'; at: number }[];
  unavailable: string[];
}

declare global {
  interface Window {
    scannerLog: ScannerLog;
  }
}

window.scannerLog = { scans: [], unavailable: [] };

/** The camera scanner alone, engine from `?engine=1|2|3`, facing mode from `?facing=`. */
function ScannerPage() {
  const params = new URLSearchParams(location.search);
  const engine = Number(params.get('engine') ?? 3) as 1 | 2 | 3;
  const facingMode = params.get('facing') === 'environment' ? 'environment' : 'user';
  const [last, setLast] = useState('');
  const record = (value: string, source: 'camera' | 'hand') => {
    window.scannerLog.scans.push({ value, source, at: performance.now() });
    setLast(`${source}: ${value}`);
  };
  useHandScanner((value) => record(value, 'hand'));
  return (
    <main style={{ width: 640 }}>
      <CameraScanner
        facingMode={facingMode}
        engine={engine}
        onScan={(value) => record(value, 'camera')}
        onUnavailable={(reason) => {
          window.scannerLog.unavailable.push(reason);
          setLast(`unavailable: ${reason}`);
        }}
      />
      <output aria-live="polite">{last}</output>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(<ScannerPage />);
