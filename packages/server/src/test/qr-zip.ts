import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import yauzl from 'yauzl';

/** The text a PNG's QR code holds, read as a phone camera would; throws when there is none. */
export const decodeQrPng = (png: Buffer): string => {
  const image = PNG.sync.read(png);
  // jsqr is CommonJS declaring an ES default export: under NodeNext it sits on `.default`
  const code = jsQR.default(new Uint8ClampedArray(image.data), image.width, image.height);
  if (!code) throw new Error('no QR code in the image');
  return code.data;
};

/** Every file of a zip by name, in the order the zip holds them. */
export const readZip = (zip: Buffer) =>
  new Promise<Map<string, Buffer>>((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
