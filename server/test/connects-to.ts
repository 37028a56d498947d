import { connect } from "node:net";

/** Whether a TCP connection to the loopback port is accepted (a server still listening). */
export function connectsTo(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
