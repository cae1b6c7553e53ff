import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/authSlice';
import { renewSession } from '../features/auth/authThunks';
import { api, setSessionRenewer } from './api';

setSessionRenewer((dispatch) => (dispatch as AppDispatch)(renewSession()));

const rootReducer = combineReducers({ auth: authReducer, [api.reducerPath]: api.reducer });
export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
