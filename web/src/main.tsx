import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'nprogress/nprogress.css';
import './styles/global.css';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router/create-router';
import { installNavigationHooks } from './app/router/after-navigation';
import { setNavigator } from './app/router/navigation';
import { installGlobalErrorHandler } from './app/global-errors';
import { installTouchClickGuard } from './app/touch-click-guard';
import { installViewportTracker } from './app/stores/layout-store';
import { ensureUuid } from './app/storage/cookies';

installGlobalErrorHandler();
installTouchClickGuard();
installViewportTracker();
ensureUuid();

const router = createAppRouter();
setNavigator((to, options) => void router.navigate(to, { replace: options?.replace }));
installNavigationHooks(router);

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
