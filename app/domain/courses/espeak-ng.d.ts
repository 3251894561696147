// The WebAssembly build of eSpeak NG: an Emscripten module run like its command line, with an
// in-memory file system for the text in and the WAV out.
declare module "espeak-ng" {
  interface ESpeakModule {
    FS: {
      writeFile(path: string, data: string | Uint8Array): void;
      readFile(path: string): Uint8Array;
    };
  }
  export default function ESpeakNg(options: {
    arguments: string[];
    preRun?: ((module: ESpeakModule) => void)[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
  }): Promise<ESpeakModule>;
}
