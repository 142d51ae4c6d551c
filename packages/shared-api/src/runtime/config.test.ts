import { API_BASE_PATH } from '../constants/transport';
import { configureClient, getClientConfig } from './config';

describe('client config', () => {
  afterEach(() => {
    delete window.__BACKOFFICE_CONFIG__;
  });

  it('defaults to the spec base path and the page host for the socket', () => {
    expect(getClientConfig()).toEqual({ apiBaseUrl: API_BASE_PATH, socketUrl: undefined });
  });

  it('reads the page runtime config at call time, and configureClient wins over it', () => {
    window.__BACKOFFICE_CONFIG__ = {
      apiBaseUrl: 'https://api.example.com/api/v1',
      socketUrl: 'https://rt.example.com',
    };
    expect(getClientConfig()).toEqual({
      apiBaseUrl: 'https://api.example.com/api/v1',
      socketUrl: 'https://rt.example.com',
    });
    configureClient({ apiBaseUrl: 'http://localhost:4000/api/v1' });
    expect(getClientConfig().apiBaseUrl).toBe('http://localhost:4000/api/v1');
    expect(getClientConfig().socketUrl).toBe('https://rt.example.com');
  });
});
