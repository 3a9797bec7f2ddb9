import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';

/** The smallest React page: its first paint is the yardstick for the kiosk's first screen. */
function Blank() {
  useEffect(() => {
    performance.mark('blank-ready');
  }, []);
  return <h1>Ready</h1>;
}

createRoot(document.getElementById('root')!).render(<Blank />);
