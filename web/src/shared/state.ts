import { combineReducers, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import { authReducer } from './session/authSlice';
import { api } from './api';

// The state's shape lives here so features can type their hooks without reaching the app root;
// app/store.ts composes the store (middleware, the session renewer) from this reducer.
export const rootReducer = combineReducers({ auth: authReducer, [api.reducerPath]: api.reducer });
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;
