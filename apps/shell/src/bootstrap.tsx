import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

// A transition, so that React renders the first screen in slices and yields between them: the page
// answers input (and paints) while the layout, the menu and the screen are built, instead of
// blocking the main thread for the whole first render (total blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() => root.render(<App />));
