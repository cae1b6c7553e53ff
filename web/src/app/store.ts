import { configureStore } from '@reduxjs/toolkit';
import { renewSession } from '../features/auth';
import { api, setSessionRenewer } from '../shared/api';
import { rootReducer, type RootState } from '../shared/state';

setSessionRenewer((dispatch) => (dispatch as AppDispatch)(renewSession()));

export type { RootState };

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
