export type ChromiumSource = 'CHROMIUM_PATH' | 'debian' | 'packaged';
export function chooseChromium(probe: { env: Record<string, string | undefined>; exists: (file: string) => boolean }): {
  source: ChromiumSource;
  executablePath?: string;
};
export function isExecutableFile(file: string): boolean;
export function describeChromium(): string;
export function chromiumLaunchOptions(): { executablePath: string; args: string[] };
