export declare const FAKE_FILES: string[];
export declare const CITATION: RegExp;
export declare function fakeFiles(): string[];
export declare function audit(files?: string[]): {
  cited: string[];
  uncited: string[];
  testOnly: string[];
};
