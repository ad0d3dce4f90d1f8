import net from 'node:net';

/** A TCP proxy the test can cut: every open connection is destroyed and new ones refused until restored. */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let cut = false;
  const server = net.createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      cut = true;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      cut = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
