import net from 'node:net';

/**
 * A server on loopback that speaks just enough of the PostgreSQL protocol to refuse every
 * connection the way a real one does while it starts, shuts down or is full: it reads the startup
 * packet and answers one FATAL ErrorResponse carrying the SQLSTATE, then hangs up.
 */
export async function startRefusingPostgres(state: { code: string; message: string }) {
  const server = net.createServer((socket) => {
    socket.on('error', () => {});
    socket.once('data', () => {
      const fields = [`SFATAL`, `VFATAL`, `C${state.code}`, `M${state.message}`].map((field) => Buffer.from(`${field}\0`));
      const payload = Buffer.concat([...fields, Buffer.from([0])]);
      const header = Buffer.alloc(5);
      header.write('E', 0);
      header.writeUInt32BE(payload.length + 4, 1);
      socket.end(Buffer.concat([header, payload]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `postgres://nexa@127.0.0.1:${(server.address() as net.AddressInfo).port}/nexa`,
    /** Changes the refusal the next connections get. */
    refuseWith(code: string, message: string) {
      state.code = code;
      state.message = message;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
