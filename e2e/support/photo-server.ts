// A dealer's photo host for the e2e suite (started by playwright.config.ts beside the app): three
// generated photos, so a feed imported by a test has photo URLs the app fetches over HTTP from
// this machine, never from the internet. Run: tsx e2e/support/photo-server.ts <port>
import http from 'node:http';
import sharp from 'sharp';

const port = Number(process.argv[2] ?? 3310);
const colours = { 'front.jpg': '#2f5d8a', 'side.jpg': '#8a2f3d', 'rear.png': '#3d8a2f' } as const;

async function photo(name: keyof typeof colours): Promise<Buffer> {
  // A plain field with a band across it, so the three photos differ by more than colour.
  const image = sharp({ create: { width: 1600, height: 1200, channels: 3, background: colours[name] } }).composite([
    {
      input: { create: { width: 1600, height: 240, channels: 3, background: '#f2f2f2' } },
      top: 480,
      left: 0,
    },
  ]);
  return name.endsWith('.png') ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

const photos = new Map<string, Buffer>();
for (const name of Object.keys(colours) as (keyof typeof colours)[]) photos.set(`/${name}`, await photo(name));

http
  .createServer((req, res) => {
    // A query string names the same photo at another address (one per tenant in the tests).
    const body = photos.get((req.url ?? '').split('?')[0]!);
    if (req.url === '/healthz') return res.writeHead(200).end('ok');
    if (!body) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': req.url!.endsWith('.png') ? 'image/png' : 'image/jpeg' }).end(body);
  })
  .listen(port, '127.0.0.1');
